import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useScenarios } from "../support/scenario-test.js";
import { bashTurn, claudeProcess, textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

/**
 * Claude Code writes temporary files (`claude-<uid>/` with a shell's working-directory
 * files, `fswatch-probe-*`, `cc-socks/`). Each scenario gives it a temporary folder inside
 * the scenario's root, so they go when the root goes and none stays in the system's.
 */
describe("temporary files", () => {
  it("Claude Code writes its temporary files inside the scenario's root", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Bash"] } },
      script: [bashTurn("echo hi", "toolu_tmp"), textTurn("done")],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "run it")).stopReason).toBe("end_turn");

    const tmp = join(s.root, "home", "tmp");
    const pid = claudeProcess(s);
    expect(pid).toBeDefined();
    const env = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    expect(env).toContain(`TMPDIR=${tmp}`);
    expect(env.some((e) => e.startsWith("XDG_RUNTIME_DIR="))).toBe(false);
    expect(readdirSync(tmp)).toContain(`claude-${process.getuid!()}`);
  });
});
