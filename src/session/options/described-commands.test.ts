import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import type { ClaudeCommand } from "../../translation/commands.js";
import { describedCommands } from "./described-commands.js";
import type { SessionSetup } from "../start/query-setup.js";

const COMMANDS = [{ name: "review", description: "Review", argumentHint: "" }] as ClaudeCommand[];
const cwd = realpathSync(mkdtempSync(join(tmpdir(), "described-commands-")));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
const skill = join(cwd, ".claude/skills/review/SKILL.md");
mkdirSync(join(cwd, ".claude/skills/review"), { recursive: true });
writeFileSync(skill, "# review");
const SETUP = { sessionId: "s", cwd, passThrough: {} } as SessionSetup;

describe("describedCommands", () => {
  it.each([
    ["a plain client", {}],
    ["a Lody client", { _meta: { lody: {} } }],
  ])("gives %s Claude Code's commands as they are", (_name, capabilities) => {
    expect(describedCommands(COMMANDS, parseClientProfile(capabilities), SETUP)).toBe(COMMANDS);
  });

  it("tells an AIR client each skill's file", () => {
    const air = parseClientProfile({
      _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
    });
    expect(describedCommands(COMMANDS, air, SETUP)).toStrictEqual([
      { ...COMMANDS[0], skillFile: skill },
    ]);
  });
});
