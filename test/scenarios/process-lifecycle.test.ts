import { describe, expect, it } from "vitest";
import { eventually, waitForExit } from "../support/acp-harness.js";
import { commandLine, processesWithEnv } from "../support/processes.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

/**
 * The adapter must never leave Claude Code or its shells behind, however it ends —
 * including SIGKILL, which runs no cleanup at all.
 */
describe("the adapter's end leaves no process behind", () => {
  it.each([
    ["stdin closes", "stdin"],
    ["SIGTERM", "SIGTERM"],
    ["SIGKILL", "SIGKILL"],
  ] as const)("%s during a running shell command", async (_name, how) => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "bypassPermissions" } },
      env: { IS_SANDBOX: "1" },
      script: [
        {
          blocks: [
            {
              type: "tool_use",
              name: "Bash",
              input: { command: "echo start; tail -f /dev/null", description: "wait" },
            },
          ],
        },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    s.prompt(sessionId, "run it").catch(() => undefined);
    const ours = () => processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir);
    await eventually(
      "the shell command",
      () => ours().some((pid) => commandLine(pid).startsWith("tail")),
      20_000,
    );
    expect(ours().some((pid) => / --output-format stream-json /.test(commandLine(pid)))).toBe(true);

    if (how === "stdin") s.adapter.stdin!.end();
    else s.adapter.kill(how);
    expect(await waitForExit(s.adapter, 5_000)).toBe(true);
    expect(await s.leftoverProcesses(5_000)).toEqual([]);
  });
});
