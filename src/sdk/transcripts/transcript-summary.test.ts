import { describe, expect, it } from "vitest";
import { syntheticTranscript } from "../../../test/support/synthetic-transcript.js";
import { customTitle, firstStringValue, summarizeTranscript } from "./transcript-summary.js";

const sessionId = "0ae4ecbb-3e54-4a6a-ab16-29e29e6e8cbb";
const cwd = "/work/project";

function whole(text: string) {
  const bytes = Buffer.from(text);
  return { head: bytes, tail: bytes, whole: true };
}

function ends(text: string, headBytes: number, tailBytes: number) {
  const bytes = Buffer.from(text);
  return {
    head: bytes.subarray(0, headBytes),
    tail: bytes.subarray(Math.max(0, bytes.length - tailBytes)),
    whole: false,
  };
}

const userLine = (content: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: "user", message: { role: "user", content }, cwd, ...extra });

describe("summarizeTranscript", () => {
  it.each([
    ["no record", [], undefined],
    ["a worktree Claude Code made", [{ worktreePath: "/w" }], true],
    ["a worktree it entered that existed", [{ enteredExisting: true }], undefined],
    ["the last record: left the made one", [{ worktreePath: "/w" }, null], undefined],
    ["the last record: made after leaving", [null, { enteredExisting: false }], true],
  ])("reads whether Claude Code made the session's worktree (%s)", (_name, states, made) => {
    const text = [
      userLine("typed prompt"),
      ...states.map((worktreeSession) =>
        JSON.stringify({ type: "worktree-state", worktreeSession, sessionId }),
      ),
    ].join("\n");
    const expected = made
      ? { cwd, title: "typed prompt", agentWorktree: true }
      : { cwd, title: "typed prompt" };
    expect(summarizeTranscript(whole(text))).toStrictEqual(expected);
    // Found in the tail of a long transcript too.
    const long = userLine("typed prompt") + "\n" + "x".repeat(9000) + "\n" + text;
    expect(summarizeTranscript(ends(long, 4096, 4096))).toStrictEqual(expected);
  });

  it("titles a session with its first prompt and names its cwd", () => {
    const text = syntheticTranscript({
      sessionId,
      cwd,
      turns: [
        { prompt: "<system-reminder>r</system-reminder>Fix the\nlogin bug", text: "ok" },
        { prompt: "second prompt", text: "ok" },
      ],
    });
    expect(summarizeTranscript(whole(text))).toEqual({ cwd, title: "Fix the login bug" });
  });

  it("prefers the newest custom title, read from the tail", () => {
    const text =
      syntheticTranscript({ sessionId, cwd, turns: [{ prompt: "p", text: "t" }] }) +
      JSON.stringify({ type: "custom-title", customTitle: "Old name" }) +
      "\n" +
      JSON.stringify({ type: "custom-title", customTitle: "  New\nname " }) +
      "\n";
    expect(summarizeTranscript(ends(text, 4096, 4096))?.title).toBe("New name");
  });

  it("prefers a custom title over Claude Code's title and summary", () => {
    const text = [
      JSON.stringify({ type: "summary", summary: "A summary", leafUuid: "x" }),
      userLine("typed prompt"),
      JSON.stringify({ type: "ai-title", aiTitle: "Generated" }),
      JSON.stringify({ type: "custom-title", customTitle: "Chosen" }),
    ].join("\n");
    expect(summarizeTranscript(whole(text))?.title).toBe("Chosen");
    const withoutCustom = text.split("\n").slice(0, 3).join("\n");
    expect(summarizeTranscript(whole(withoutCustom))?.title).toBe("Generated");
    const summaryOnly = text.split("\n").slice(0, 2).join("\n");
    expect(summarizeTranscript(whole(summaryOnly))?.title).toBe("A summary");
  });

  it("tells the user's own title (customTitle) from Claude Code's", () => {
    const lines = [
      userLine("typed prompt"),
      JSON.stringify({ type: "ai-title", aiTitle: "Generated" }),
      JSON.stringify({ type: "custom-title", customTitle: " Chosen \n name" }),
    ];
    expect(customTitle(whole(lines.join("\n")))).toBe("Chosen name");
    expect(customTitle(whole(lines.slice(0, 2).join("\n")))).toBeUndefined();
    const text = `${lines[2]}\n${"x".repeat(9000)}\n${lines[1]}`;
    expect(customTitle(ends(text, 4096, 4096))).toBe("Chosen name");
  });

  it("skips meta prompts, tool results and compaction summaries; commands are a fallback", () => {
    const text = [
      userLine("<local-command-caveat>caveat</local-command-caveat>", { isMeta: true }),
      userLine("<command-name>/compact</command-name><command-args></command-args>"),
      userLine([{ type: "tool_result", tool_use_id: "t", content: "out" }]),
      userLine("This session is being continued", { isCompactSummary: true }),
      userLine([{ type: "text", text: "the real question" }]),
    ].join("\n");
    expect(summarizeTranscript(whole(text))?.title).toBe("the real question");
    const onlyCommand = text.split("\n").slice(0, 4).join("\n");
    expect(summarizeTranscript(whole(onlyCommand))?.title).toBe("/compact");
  });

  it("reads the start of a prompt cut off by the head window", () => {
    const text = userLine([{ type: "text", text: `Long \\"quoted\\" ${"word ".repeat(5000)}` }]);
    const summary = summarizeTranscript(ends(text, 300, 300));
    expect(summary?.title.startsWith('Long \\"quoted\\" word word')).toBe(true);
    expect(summary?.cwd).toBeUndefined(); // the cwd comes after the cut
  });

  it("survives a cut last line and unknown entry types", () => {
    const text =
      [JSON.stringify({ type: "mystery-entry", x: 1 }), userLine("hello there")].join("\n") +
      '\n{"type":"custom-title","customTi';
    expect(summarizeTranscript(whole(text))?.title).toBe("hello there");
  });

  it.each([
    ["a sidechain", JSON.stringify({ type: "user", isSidechain: true, message: { content: "x" } })],
    ["no prompt", JSON.stringify({ type: "queue-operation", operation: "enqueue" })],
    ["empty", ""],
    ["garbage", "\u0000\u0001 not json at all"],
  ])("is undefined for %s", (_name, text) => {
    expect(summarizeTranscript(whole(text))).toBeUndefined();
  });
});

describe("firstStringValue", () => {
  it.each([
    ['{"cwd":"/a/b","cwd":"/c"}', "/a/b"],
    ['{"cwd": "/spaced"}', "/spaced"],
    ['{"cwd":"esc\\"aped\\u00e9"}', 'esc"apedé'],
    ['{"cwd":"cut off here', "cut off here"],
    ['{"cwd":"cut in escape \\u00', "cut in escape "],
    ['{"other":1}', undefined],
  ])("%s", (json, value) => {
    expect(firstStringValue(json, "cwd")).toBe(value);
  });
});
