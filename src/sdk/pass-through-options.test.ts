import { describe, expect, it } from "vitest";
import { readPassThroughOptions } from "./pass-through-options.js";

const meta = (options: unknown) => ({ claudeCode: { options } });

describe("readPassThroughOptions", () => {
  it.each([
    [undefined, {}],
    [{}, {}],
    [{ claudeCode: "x" }, {}],
    [meta("Bash"), {}],
    [meta(["Bash"]), {}],
    [meta(null), {}],
    [
      meta({ allowedTools: ["Bash"], model: "m", maxTurns: 2 }),
      { allowedTools: ["Bash"], model: "m", maxTurns: 2 },
    ],
    [meta({ someFutureOption: { x: 1 } }), { someFutureOption: { x: 1 } }],
    [{ disableBuiltInTools: true }, { tools: [] }],
    [{ disableBuiltInTools: "yes" }, {}],
    [
      { disableBuiltInTools: true, ...meta({ model: "m" }) },
      { tools: [], model: "m" },
    ],
    [{ disableBuiltInTools: true, ...meta({ tools: ["Read"] }) }, { tools: ["Read"] }],
    [
      meta({ systemPrompt: { type: "preset", preset: "claude_code" } }),
      { systemPrompt: { type: "preset", preset: "claude_code" } },
    ],
  ])("%j → %j", (input, expected) => {
    expect(readPassThroughOptions(input)).toEqual(expected);
  });

  it.each([
    [{ allowedTools: "Bash" }, "_meta.claudeCode.options.allowedTools"],
    [{ disallowedTools: [1] }, "_meta.claudeCode.options.disallowedTools.0"],
    [{ env: { A: 1 } }, "_meta.claudeCode.options.env.A"],
    [{ env: "A=1" }, "_meta.claudeCode.options.env"],
    [{ mcpServers: { x: "y" } }, "_meta.claudeCode.options.mcpServers.x"],
    [{ model: 3 }, "_meta.claudeCode.options.model"],
    [{ maxTurns: "2" }, "_meta.claudeCode.options.maxTurns"],
    [{ includePartialMessages: "yes" }, "_meta.claudeCode.options.includePartialMessages"],
    [{ additionalDirectories: "/tmp" }, "_meta.claudeCode.options.additionalDirectories"],
  ])("%j is rejected at %s", (options, path) => {
    let thrown: unknown;
    try {
      readPassThroughOptions(meta(options));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).toMatchObject({ name: "ZodError" });
    const issue = (thrown as { issues: Array<{ path: PropertyKey[] }> }).issues[0]!;
    expect(issue.path.map(String).join(".")).toBe(path);
  });
});
