import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clientView } from "../../../test/support/update-shapes.js";
import { parseClientProfile, PLAIN_CLIENT } from "../../profile/client-profile.js";
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
          oldText: "alpha\nbeta\n",
          newText: "alpha\nBETA\n",
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
      "an API error",
      entry({
        type: "assistant",
        isApiErrorMessage: true,
        message: { id: "m", content: [{ type: "text", text: "529" }] },
      }),
    ],
    ["another system entry", entry({ type: "system", subtype: "informational" })],
  ])("shows nothing for %s", (_name, e) => {
    expect(replay([e])).toEqual([]);
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
      ["compaction_update", "compaction_update"],
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
    expect(JSON.stringify(updates.at(-1))).toContain('"text":"The gist."');
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
    expect(flat.subagentOf(result)).toEqual({ agentId: "a123", toolUseId: "toolu_a" });
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
