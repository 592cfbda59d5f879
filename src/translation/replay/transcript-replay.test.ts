import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clientView } from "../../../test/support/update-shapes.js";
import { PLAIN_CLIENT } from "../../profile/client-profile.js";
import { parseClientProfile } from "../../extensions/compose.js";
import { asMessageEntry, type MessageEntry } from "./transcript-entry.js";
import { compactionSummaryText, TranscriptReplay } from "./transcript-replay.js";

const fixtures = join(import.meta.dirname, "fixtures");
const sessionId = "31fdce0d-cf2c-4eff-82e2-7787c7a8fbed";

/** The message entries of a transcript recorded from a real run (bookkeeping lines cut). */
function recorded(name: string): MessageEntry[] {
  return readFileSync(join(fixtures, name), "utf8")
    .split("\n")
    .filter(Boolean)
    .flatMap((line) => {
      const entry = asMessageEntry(JSON.parse(line));
      return entry ? [entry] : [];
    });
}

function replay(entries: MessageEntry[], profile = PLAIN_CLIENT, flat = false) {
  const replayer = new TranscriptReplay(profile, sessionId, flat);
  return [...entries.flatMap((e) => replayer.entry(e)), ...replayer.finish()];
}

const entry = (fields: Partial<MessageEntry> & Pick<MessageEntry, "type">): MessageEntry => ({
  uuid: "u-1",
  ...fields,
});

describe("TranscriptReplay", () => {
  it("ends in what the client saw live (thinking, text, Bash, Edit with its final diff)", () => {
    // Both files come from one scenario run: its transcript and its live updates.
    const live = JSON.parse(readFileSync(join(fixtures, "bash-edit.live.json"), "utf8"));
    const updates = replay(recorded("bash-edit.jsonl"));
    expect(clientView(updates)).toEqual(clientView(live));
    const finalEdit = updates.findLast(
      (u) => u.sessionUpdate === "tool_call_update" && u.toolCallId === "toolu_edit" && u.content,
    );
    expect(finalEdit).toMatchObject({
      content: [
        {
          type: "diff",
          path: "/workspace/notes.txt",
          // Upstream's hunk, as a client that is not AIR saw it live.
          oldText: "alpha\nbeta",
          newText: "alpha\nBETA",
        },
      ],
    });
  });

  it("replays the prompts the user typed, without Claude Code's markup", () => {
    const prompts = replay(recorded("bash-edit.jsonl")).filter(
      (u) => u.sessionUpdate === "user_message_chunk",
    );
    expect(prompts).toEqual([
      {
        sessionUpdate: "user_message_chunk",
        content: { type: "text", text: "Please do the things" },
        messageId: "6817c8b3-0588-424f-a6cc-c97ea4e4a538",
      },
      {
        sessionUpdate: "user_message_chunk",
        content: { type: "text", text: "and again" },
        messageId: "d1359531-69b2-4496-88a9-0820964ccdfb",
      },
    ]);
  });

  it.each([
    ["meta context", entry({ type: "user", isMeta: true, message: { content: "caveat" } })],
    [
      "command output",
      entry({
        type: "user",
        message: { content: "<local-command-stdout>x</local-command-stdout>" },
      }),
    ],
    [
      "an API error without text",
      entry({ type: "assistant", isApiErrorMessage: true, message: { id: "m", content: [] } }),
    ],
    ["another system entry", entry({ type: "system", subtype: "informational" })],
  ])("shows nothing for %s", (_name, e) => {
    expect(replay([e])).toEqual([]);
  });

  it.each([
    [
      "stdout",
      "<local-command-stdout>## Context Usage\n\n| a | b |\n\n</local-command-stdout>",
      "## Context Usage\n\n| a | b |",
    ],
    ["stderr", "<local-command-stderr>Error: nothing</local-command-stderr>", "Error: nothing"],
  ])("replays a local command's %s as the agent's text, as live", (_name, content, text) => {
    const stored = entry({ type: "system", subtype: "local_command", uuid: "lc-1", content });
    expect(replay([stored])).toStrictEqual([
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text }, messageId: "lc-1" },
    ]);
  });

  it.each([
    ["empty output", "<local-command-stdout></local-command-stdout>"],
    ["text without the wrapper", "plain"],
    ["no text", 42],
  ])("replays nothing for a local command with %s", (_name, content) => {
    expect(replay([entry({ type: "system", subtype: "local_command", content })])).toEqual([]);
  });

  it("replays a failed call's text, redacted, to every client (AIR too: a replay cannot fail a prompt)", () => {
    const failed = entry({
      type: "assistant",
      isApiErrorMessage: true,
      message: { id: "m", content: [{ type: "text", text: "API Error: 529 (127.0.0.1:4000)" }] },
    });
    expect(replay([failed])).toStrictEqual([
      {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: "API Error: 529 ([internal host])" },
        messageId: "m",
      },
    ]);
    const air = parseClientProfile({
      _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
    });
    expect(replay([failed], air)).toEqual(replay([failed]));
  });

  it("replays a slash command as the user typed it, and an image prompt", () => {
    const updates = replay([
      entry({
        type: "user",
        message: {
          content: "<command-name>/review</command-name><command-args>a.ts</command-args>",
        },
      }),
      entry({
        type: "user",
        uuid: "u-2",
        message: {
          content: [
            { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBO" } },
          ],
        },
      }),
    ]);
    expect(updates.map((u) => u.sessionUpdate === "user_message_chunk" && u.content)).toEqual([
      { type: "text", text: "/review a.ts" },
      { type: "image", mimeType: "image/png", data: "iVBO" },
    ]);
  });

  it.each([
    ["as a tool call", PLAIN_CLIENT, ["tool_call", "tool_call_update"]],
    [
      "as compaction updates",
      parseClientProfile({ session: { compaction: {} } }),
      ["compaction_update", "compaction_summary_chunk", "compaction_update"],
    ],
  ])("replays a compaction %s, with the bare summary", (_name, profile, kinds) => {
    const updates = replay(
      [
        entry({ type: "system", uuid: "b-1", subtype: "compact_boundary" }),
        entry({
          type: "user",
          uuid: "s-1",
          isCompactSummary: true,
          isVisibleInTranscriptOnly: true,
          message: {
            content:
              "This session is being continued from a previous conversation that ran out of context.\n\nThe gist.\n\nIf you need specific details from before compaction, read it.",
          },
        }),
      ],
      profile,
    );
    expect(updates.map((u) => u.sessionUpdate)).toEqual(kinds);
    // The tool call's completion holds the summary; the RFD's chunk before the completion.
    expect(JSON.stringify(updates.slice(1))).toContain('"text":"The gist."');
    expect(JSON.stringify(updates.at(-1))).toContain("completed");
  });

  it("names the subagent of an Agent result only for the flat transcript", () => {
    const use = entry({
      type: "assistant",
      message: {
        id: "m",
        content: [{ type: "tool_use", id: "toolu_a", name: "Agent", input: { prompt: "p" } }],
      },
    });
    const result = entry({
      type: "user",
      uuid: "u-2",
      message: { content: [{ type: "tool_result", tool_use_id: "toolu_a", content: "report" }] },
      toolUseResult: { status: "completed", agentId: "a123" },
    });
    const flat = new TranscriptReplay(PLAIN_CLIENT, sessionId, true);
    flat.entry(use);
    expect(flat.subagentOf(result)).toEqual({
      agentId: "a123",
      toolUseId: "toolu_a",
      input: { prompt: "p" },
      failed: false,
      answer: "report",
    });
    const nested = new TranscriptReplay(PLAIN_CLIENT, sessionId, false);
    nested.entry(use);
    expect(nested.subagentOf(result)).toBeUndefined();
    // A subagent's own entries carry the parent tool use, as live.
    const child = flat.entry(
      entry({
        type: "assistant",
        uuid: "c",
        message: { id: "mc", content: [{ type: "text", text: "hi" }] },
      }),
      "toolu_a",
    );
    expect(child).toEqual([
      {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: "hi" },
        messageId: "mc",
        _meta: { claudeCode: { parentToolUseId: "toolu_a" } },
      },
    ]);
  });
});

describe("compactionSummaryText", () => {
  it("strips what Claude Code wraps around the summary (2.1.318)", () => {
    const stored =
      "This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n<system-reminder>\n<tools-used-before-summary>Bash</tools-used-before-summary>\n</system-reminder>\nOK\n\nIf you need specific details from before compaction (like exact code snippets), read the full transcript at: /x.jsonl\nContinue the conversation.";
    expect(compactionSummaryText(stored)).toBe("OK");
    expect(compactionSummaryText("just a summary")).toBe("just a summary");
  });
});

describe("TranscriptReplay: compaction order", () => {
  const compactMeta = { _meta: { claudeCode: { toolName: "compact" } } };
  const started = (id: string) => ({
    sessionUpdate: "tool_call",
    toolCallId: `compact-${id}`,
    title: "Compact conversation",
    kind: "think",
    status: "in_progress",
    ...compactMeta,
  });
  const ended = (id: string, text?: string) => ({
    sessionUpdate: "tool_call_update",
    toolCallId: `compact-${id}`,
    status: "completed",
    ...(text ? { content: [{ type: "content", content: { type: "text", text } }] } : {}),
    ...compactMeta,
  });
  const boundary = (uuid: string) => entry({ type: "system", uuid, subtype: "compact_boundary" });
  const prompt = (uuid: string, text: string) =>
    entry({ type: "user", uuid, message: { content: text } });

  it("ends an open compaction before the next entry, a second boundary included", () => {
    expect(replay([boundary("b-1"), boundary("b-2"), prompt("p-1", "next")])).toStrictEqual([
      started("b-1"),
      ended("b-1"),
      started("b-2"),
      ended("b-2"),
      {
        sessionUpdate: "user_message_chunk",
        content: { type: "text", text: "next" },
        messageId: "p-1",
      },
    ]);
  });

  it("reports the stored trigger and token counts of a boundary, as live", () => {
    const stored = entry({
      type: "system",
      uuid: "b-1",
      subtype: "compact_boundary",
      compactMetadata: { trigger: "auto", preTokens: 190016, postTokens: 2456, durationMs: 56 },
    });
    const facts = { trigger: "automatic", preTokens: 190016, postTokens: 2456, durationMs: 56 };
    expect(replay([stored, boundary("b-2")])).toStrictEqual([
      started("b-1"),
      { ...ended("b-1"), rawOutput: facts },
      started("b-2"),
      ended("b-2"),
    ]);
    const air = { jetbrains: { air: { version: 1, capabilities: [] } } };
    const airUpdates = replay([stored], parseClientProfile({ _meta: air }));
    expect(airUpdates.map((u) => u._meta)).toStrictEqual([
      {
        ...compactMeta._meta,
        jetbrains: {
          air: { version: 1, contextCompaction: { version: 1, trigger: "automatic" } },
        },
      },
      {
        ...compactMeta._meta,
        jetbrains: { air: { version: 1, contextCompaction: { version: 1, ...facts } } },
      },
    ]);
  });

  it("closes a compaction the history left open, and nothing else", () => {
    const replayer = new TranscriptReplay(PLAIN_CLIENT, sessionId, false);
    expect(replayer.finish()).toEqual([]);
    expect(replayer.entry(boundary("b-1"))).toStrictEqual([started("b-1")]);
    expect(replayer.finish()).toStrictEqual([ended("b-1")]);
    expect(replayer.finish()).toEqual([]);
  });

  it("shows a summary without a boundary as a whole compaction of its own", () => {
    expect(
      replay([
        entry({
          type: "user",
          uuid: "s-1",
          isCompactSummary: true,
          message: {
            content: [
              { type: "text", text: "one" },
              { type: "image", text: "not text" },
              { type: "text", text: 2 },
              { type: "text", text: "two" },
            ],
          },
        }),
      ]),
    ).toStrictEqual([started("s-1"), ended("s-1", "one\ntwo")]);
  });
});

describe("TranscriptReplay: tool results", () => {
  const use = (id: string, name: string, input: Record<string, unknown>) =>
    entry({
      type: "assistant",
      uuid: `a-${id}`,
      message: { id: `m-${id}`, content: [{ type: "tool_use", id, name, input }] },
    });
  const result = (blocks: unknown[], toolUseResult?: unknown) =>
    entry({ type: "user", uuid: "r", message: { content: blocks }, toolUseResult });
  const toolResult = (id: string, extra: Record<string, unknown> = {}) => ({
    type: "tool_result",
    tool_use_id: id,
    content: "done",
    ...extra,
  });
  const lastMeta = (updates: ReturnType<typeof replay>) =>
    (updates.at(-1) as { _meta?: { claudeCode?: Record<string, unknown> } })._meta?.claudeCode;

  it("gives a successful edit its final diff from the stored result, as PostToolUse did live", () => {
    const updates = replay([
      use("e", "Edit", { file_path: "/w/a", old_string: "a", new_string: "b" }),
      result([toolResult("e")], {
        filePath: "/w/a",
        originalFile: "a\n",
        oldString: "a",
        newString: "b",
      }),
    ]);
    // One update for the stored result: the final diff with the completion.
    expect(updates).toHaveLength(2);
    expect(updates.at(-1)).toMatchObject({
      sessionUpdate: "tool_call_update",
      toolCallId: "e",
      status: "completed",
      content: [{ type: "diff", path: "/w/a", oldText: "a\n", newText: "b\n" }],
    });
  });

  it.each([
    ["a failed call", [toolResult("r1", { is_error: true })], { stdout: "x" }],
    ["a structured result that is no object", [toolResult("r1")], "text"],
  ])("runs no PostToolUse for %s", (_name, blocks, structured) => {
    const updates = replay([use("r1", "Read", { file_path: "/w/a" }), result(blocks, structured)]);
    expect(updates).toHaveLength(2);
  });

  it("passes the structured result of a lone tool result, not of several", () => {
    const edit = (id: string) =>
      use(id, "Edit", { file_path: "/w/a", old_string: "a", new_string: "b" });
    const stored = { filePath: "/w/a", originalFile: "a\n", oldString: "a", newString: "b" };
    const diffOf = (update: unknown) => (update as { content?: unknown[] }).content?.[0];
    // Alone, the stored response gives the edit its final diff (the whole file's lines).
    const lone = replay([edit("e1"), result([toolResult("e1")], stored)]);
    expect(diffOf(lone.at(-1))).toMatchObject({ type: "diff", oldText: "a\n", newText: "b\n" });
    const two = replay([
      edit("e1"),
      edit("e2"),
      result([toolResult("e1"), toolResult("e2")], stored),
    ]);
    // Shared by two results, it belongs to neither: their diffs stay the input's.
    expect(two.slice(-2).map((u) => [u.sessionUpdate, diffOf(u)])).toEqual([
      ["tool_call_update", undefined],
      ["tool_call_update", undefined],
    ]);
  });

  it.each([
    ["an object", { stdout: "x", stderr: "" }],
    ["no object", "out"],
  ])(
    "sends one update per stored message, without the tool's response (upstream's replay has none): a structured result that is %s",
    (_name, structured) => {
      const updates = replay([
        use("b", "Bash", { command: "ls" }),
        result([toolResult("b")], structured),
      ]);
      // The tool call, then its completion (live: a PostToolUse update with the full
      // response first; upstream's replay sends neither that update nor the response).
      expect(updates).toHaveLength(2);
      expect(updates.at(-1)).toMatchObject({
        toolCallId: "b",
        status: "completed",
        rawOutput: "done",
      });
      expect(lastMeta(updates)).toEqual({ toolName: "Bash" });
    },
  );

  const agentResult = (id: string, agentId: unknown = "a1", first: unknown[] = []) =>
    result([...first, toolResult(id)], { agentId });

  it.each([
    [
      "a Task",
      use("t", "Task", { prompt: "p" }),
      agentResult("t"),
      { agentId: "a1", toolUseId: "t", input: { prompt: "p" }, failed: false },
    ],
    [
      "a result after text",
      use("t", "Agent", { prompt: "p" }),
      agentResult("t", "a1", [{ type: "text", text: "x" }]),
      { agentId: "a1", toolUseId: "t", input: { prompt: "p" }, failed: false },
    ],
    [
      "a failed Agent (its input kept)",
      use("t", "Agent", { prompt: "p", description: "d" }),
      result([toolResult("t", { is_error: true })], { agentId: "a1" }),
      { agentId: "a1", toolUseId: "t", input: { prompt: "p", description: "d" }, failed: true },
    ],
    ["another tool", use("t", "Bash", { command: "ls" }), agentResult("t"), undefined],
    ["an unknown tool use", use("t", "Agent", { prompt: "p" }), agentResult("other"), undefined],
    ["no agent id", use("t", "Agent", { prompt: "p" }), agentResult("t", 7), undefined],
    [
      "no tool result",
      use("t", "Agent", { prompt: "p" }),
      result([{ type: "text", text: "x" }], { agentId: "a1" }),
      undefined,
    ],
    [
      "no structured result",
      use("t", "Agent", { prompt: "p" }),
      result([toolResult("t")]),
      undefined,
    ],
    ["an assistant entry", use("t", "Agent", { prompt: "p" }), use("t", "Agent", {}), undefined],
  ])("names the subagent of %s in the flat transcript, or none", (_name, first, second, ref) => {
    const flat = new TranscriptReplay(PLAIN_CLIENT, sessionId, true);
    flat.entry(first);
    expect(flat.subagentOf(second)).toEqual(ref);
  });

  it("names a completed child whose agent id was not stored, with its answer and worktree", () => {
    const flat = new TranscriptReplay(PLAIN_CLIENT, sessionId, true);
    flat.entry(use("t", "Agent", { prompt: "p" }));
    const completed = (structured: Record<string, unknown>, isError = false) =>
      result([{ ...toolResult("t"), content: "Found it.", is_error: isError }], structured);
    expect(flat.subagentOf(completed({ status: "completed" }))).toEqual({
      agentId: undefined,
      toolUseId: "t",
      input: { prompt: "p" },
      failed: false,
      answer: "Found it.",
    });
    expect(
      flat.subagentOf(completed({ status: "completed", agentId: "a1", worktreePath: "/wt" })),
    ).toMatchObject({ agentId: "a1", answer: "Found it.", cwd: "/wt" });
    // No id and no answer: no child ran (a denied launch), or nothing tells which.
    expect(flat.subagentOf(completed({ status: "completed" }, true))).toBeUndefined();
    expect(flat.subagentOf(completed({ status: "async_launched" }))).toBeUndefined();
  });

  it("finds the agent of a result stored without one in the agent ids it is given", () => {
    const flat = new TranscriptReplay(PLAIN_CLIENT, sessionId, true);
    flat.entry(use("t", "Agent", { prompt: "p" }));
    const bare = result([toolResult("t")]);
    expect(flat.subagentOf(bare)).toBeUndefined();
    expect(flat.subagentOf(bare, new Map([["t", "a9"]]))).toEqual({
      agentId: "a9",
      toolUseId: "t",
      input: { prompt: "p" },
      failed: false,
    });
    // The stored agent id comes first.
    expect(flat.subagentOf(agentResult("t"), new Map([["t", "a9"]]))?.agentId).toBe("a1");
    expect(flat.subagentOf(bare, new Map([["other", "a9"]]))).toBeUndefined();
  });

  const resumed = { success: true, resumedAgentId: "a1", revivedAgentId: "a1" };
  it.each([
    [
      "a SendMessage that resumed a child",
      use("s", "SendMessage", { to: "a1", message: "Again." }),
      result([toolResult("s")], resumed),
      { toolUseId: "s", agentId: "a1", message: "Again." },
    ],
    [
      "a SendMessage whose message is no text (a structured one)",
      use("s", "SendMessage", { to: "a1", message: { type: "shutdown_request" } }),
      result([toolResult("s")], resumed),
      { toolUseId: "s", agentId: "a1", message: undefined },
    ],
    [
      "a message to a child that still works (none resumed)",
      use("s", "SendMessage", { to: "a1", message: "Also this." }),
      result([toolResult("s")], { success: true, message: "Message queued" }),
      undefined,
    ],
    [
      "a failed SendMessage",
      use("s", "SendMessage", { to: "a1", message: "Again." }),
      result([toolResult("s", { is_error: true })], resumed),
      undefined,
    ],
    [
      "another tool's result naming an agent",
      use("s", "Bash", { command: "ls" }),
      result([toolResult("s")], resumed),
      undefined,
    ],
    [
      "an empty agent id",
      use("s", "SendMessage", { to: "a1", message: "Again." }),
      result([toolResult("s")], { resumedAgentId: "" }),
      undefined,
    ],
  ])("names the run of %s, or none", (_name, first, second, ref) => {
    const flat = new TranscriptReplay(PLAIN_CLIENT, sessionId, true);
    flat.entry(first);
    expect(flat.resumeOf(second)).toEqual(ref);
    // Only where subagents are shown.
    const plain = new TranscriptReplay(PLAIN_CLIENT, sessionId, false);
    plain.entry(first);
    expect(plain.resumeOf(second)).toBeUndefined();
  });

  it("learns tool names only from tool-use blocks with an id", () => {
    const flat = new TranscriptReplay(PLAIN_CLIENT, sessionId, true);
    flat.entry(
      entry({
        type: "assistant",
        message: {
          id: "m",
          content: [
            { type: "text", text: "x", id: "t1", name: "Agent" },
            { type: "tool_use", id: 5, name: "Agent" },
          ],
        },
      }),
    );
    expect(flat.subagentOf(agentResult("t1"))).toBeUndefined();
    expect(flat.subagentOf(agentResult("5"))).toBeUndefined();
  });

  it("does not show a subagent's prompt, or an assistant entry without a message", () => {
    const flat = new TranscriptReplay(PLAIN_CLIENT, sessionId, true);
    expect(flat.entry(entry({ type: "user", message: { content: "go" } }), "toolu_a")).toEqual([]);
    expect(flat.entry(entry({ type: "assistant" }))).toEqual([]);
  });

  it("replays no prompt Claude Code sent itself when a background task ended", () => {
    const notification = "<task-notification>\n<status>completed</status>\n</task-notification>";
    const prompt = (origin?: string) =>
      entry({ type: "user", ...(origin ? { origin } : {}), message: { content: notification } });
    expect(replay([prompt("task-notification")])).toEqual([]);
    for (const shown of [prompt("human"), prompt()])
      expect(replay([shown]).map((u) => u.sessionUpdate)).toEqual(["user_message_chunk"]);
  });

  it("replays only what the user sent of a prompt", () => {
    expect(
      replay([
        entry({
          type: "user",
          message: {
            content: [
              { type: "text", text: "<system-reminder>x</system-reminder>" },
              { type: "text", text: 3 },
              { type: "image", source: { type: "url", url: "https://x/i.png", data: "d" } },
              { type: "image", source: { type: "base64", media_type: "image/png" } },
              { type: "image" },
              { type: "document", source: { type: "base64", data: "d" } },
              { type: "text", text: "kept" },
            ],
          },
        }),
      ]),
    ).toEqual([
      {
        sessionUpdate: "user_message_chunk",
        content: { type: "text", text: "kept" },
        messageId: "u-1",
      },
    ]);
  });
});

describe("TranscriptReplay: AIR sessionFailure", () => {
  const LIMIT = "You've hit your session limit · resets 5pm";
  const AIR_FAILURES = parseClientProfile({
    _meta: { jetbrains: { air: { version: 1, capabilities: ["sessionFailure"] } } },
  });
  const prompt = entry({ type: "user", uuid: "p-1", message: { content: "hello" } });
  const apiError = (text: string, model = "<synthetic>") =>
    entry({
      type: "assistant",
      uuid: "a-1",
      isApiErrorMessage: true,
      message: { id: "m", model, content: [{ type: "text", text }] },
    });
  const record = {
    sessionUpdate: "session_info_update",
    _meta: {
      jetbrains: {
        air: {
          version: 1,
          sessionFailure: {
            id: "p-1:error",
            revision: 1,
            category: "limit",
            actions: [],
            severity: "error",
            title: LIMIT,
            reason: "usage_limit",
          },
        },
      },
    },
  };
  const chunk = {
    sessionUpdate: "user_message_chunk",
    content: { type: "text", text: "hello" },
    messageId: "p-1",
  };

  it("replays a usage-limit message as the record it was live, in its place", () => {
    expect(replay([prompt, apiError(LIMIT)], AIR_FAILURES)).toStrictEqual([chunk, record]);
  });

  it.each([
    [
      "an AIR client without it",
      LIMIT,
      "<synthetic>",
      parseClientProfile({ _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } }),
    ],
    ["another API error", "API Error: 500 boom", "<synthetic>", AIR_FAILURES],
    ["a message that is not Claude Code's own", LIMIT, "claude-opus-5-5", AIR_FAILURES],
  ])("no record for %s: the message's text, where it happened", (_name, text, model, profile) => {
    expect(replay([prompt, apiError(text, model)], profile)).toStrictEqual([
      chunk,
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text }, messageId: "m" },
    ]);
  });

  it("an API error's text is redacted as the live error was", () => {
    const text = "API Error: 401 key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";
    const [, update] = replay([prompt, apiError(text)], PLAIN_CLIENT);
    expect(JSON.stringify(update)).not.toContain("sk-ant-api03-abcdefghijklmnopqrstuvwxyz");
  });

  it("a subagent's usage-limit message is no record of the session", () => {
    const replayer = new TranscriptReplay(AIR_FAILURES, sessionId, true);
    replayer.entry(prompt);
    expect(replayer.entry(apiError(LIMIT), "toolu_agent")).toEqual([]);
  });

  it("a usage-limit message before any prompt gets a history-error id", () => {
    const [update] = replay([apiError(LIMIT)], AIR_FAILURES);
    expect(update).toMatchObject({
      _meta: { jetbrains: { air: { sessionFailure: { id: `${sessionId}:history-error:a-1` } } } },
    });
  });
});
