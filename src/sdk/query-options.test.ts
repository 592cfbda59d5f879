import { describe, expect, it } from "vitest";
import { claudeExecutable } from "./claude-binary.js";
import { buildQueryOptions, type SessionQueryConfig } from "./query-options.js";

const config = (passThrough: Record<string, unknown> = {}): SessionQueryConfig => ({
  sessionId: "s1",
  start: "new",
  cwd: "/tmp",
  additionalDirectories: [],
  mcpServers: [],
  passThrough,
  abortController: new AbortController(),
});

const dialog: NonNullable<SessionQueryConfig["onUserDialog"]> = async () => ({
  behavior: "cancelled",
});

describe("buildQueryOptions", () => {
  it("names Claude Code's binary, so the SDK need not search for it", () => {
    const shipped = claudeExecutable({});
    expect(shipped).toMatch(/claude-agent-sdk-[^/]+\/claude(\.exe)?$/);
    expect(buildQueryOptions(config()).pathToClaudeCodeExecutable).toBe(shipped);
  });

  it("takes CLAUDE_CODE_EXECUTABLE from the client's env, and the client's own path first", () => {
    expect(
      buildQueryOptions(config({ env: { CLAUDE_CODE_EXECUTABLE: "/opt/claude" } }))
        .pathToClaudeCodeExecutable,
    ).toBe("/opt/claude");
    expect(
      buildQueryOptions(config({ pathToClaudeCodeExecutable: "/mine/claude" }))
        .pathToClaudeCodeExecutable,
    ).toBe("/mine/claude");
  });

  it("lets the adapter's own fields win over the pass-through", () => {
    const options = buildQueryOptions(config({ cwd: "/elsewhere", includePartialMessages: false }));
    expect(options.cwd).toBe("/tmp");
    expect(options.includePartialMessages).toBe(true);
    expect(options.sessionId).toBe("s1");
  });

  it.each<[string, Partial<SessionQueryConfig>, Record<string, unknown>, unknown]>([
    ["no dialog without the adapter's callback", {}, {}, undefined],
    [
      "not the client's kinds: it cannot render them",
      {},
      { supportedDialogKinds: ["refusal_fallback_prompt"] },
      undefined,
    ],
    [
      "the adapter's kinds with its callback, over the client's",
      { onUserDialog: dialog, supportedDialogKinds: ["refusal_fallback_prompt"] },
      { supportedDialogKinds: ["other_kind"] },
      ["refusal_fallback_prompt"],
    ],
  ])("dialogs: %s", (_name, extra, passThrough, kinds) => {
    const options = buildQueryOptions({ ...config(passThrough), ...extra });
    expect(options.supportedDialogKinds).toStrictEqual(kinds);
    expect(options.onUserDialog).toBe(kinds ? dialog : undefined);
    expect("supportedDialogKinds" in options).toBe(kinds !== undefined);
  });

  it.each<[string, Partial<SessionQueryConfig>, Record<string, unknown>, unknown]>([
    ["Claude Code's own prompt by default", {}, {}, { type: "preset", preset: "claude_code" }],
    ["a pass-through prompt", {}, { systemPrompt: "P" }, "P"],
    [
      "the client's system prompt over a pass-through one",
      { systemPrompt: "C" },
      { systemPrompt: "P" },
      "C",
    ],
    [
      "a continued session's: not the recorded one",
      { systemPrompt: "C", start: "resume" },
      {},
      { type: "custom", prompt: "C", snapshot: false },
    ],
    [
      "a continued session's preset",
      { systemPrompt: { type: "preset", preset: "claude_code", append: "A" }, start: "resume" },
      {},
      { snapshot: false, type: "preset", preset: "claude_code", append: "A" },
    ],
    [
      "a continued session without one: the recorded one",
      { start: "resume" },
      {},
      { type: "preset", preset: "claude_code" },
    ],
  ])("system prompt: %s", (_name, extra, passThrough, expected) => {
    expect(buildQueryOptions({ ...config(passThrough), ...extra }).systemPrompt).toStrictEqual(
      expected,
    );
  });

  it("turns file checkpointing on only when the session asks (AIR's file-change report)", () => {
    expect(
      buildQueryOptions({ ...config(), fileCheckpointing: true }).enableFileCheckpointing,
    ).toBe(true);
    expect("enableFileCheckpointing" in buildQueryOptions(config())).toBe(false);
    expect(
      "enableFileCheckpointing" in buildQueryOptions({ ...config(), fileCheckpointing: false }),
    ).toBe(false);
    // A client that asks for it itself keeps it.
    expect(
      buildQueryOptions(config({ enableFileCheckpointing: true })).enableFileCheckpointing,
    ).toBe(true);
  });

  it("gives Claude Code the client's additional directories and the session's, each once", () => {
    const options = buildQueryOptions({
      ...config({ additionalDirectories: ["/a", "/b", 3] }),
      additionalDirectories: ["/b", "/c"],
    });
    expect(options.additionalDirectories).toEqual(["/a", "/b", "/c"]);
  });
});
