import { describe, expect, it } from "vitest";
import { syntheticTranscript } from "../../../test/support/synthetic-transcript.js";
import { parseClientProfile } from "../../extensions/compose.js";
import { PLAIN_CLIENT } from "../../profile/client-profile.js";
import { asMessageEntry, type MessageEntry } from "./transcript-entry.js";
import { TranscriptReplay } from "./transcript-replay.js";

/**
 * What a load sends for the history bench's kind of session (issue 34: no more than the
 * upstream adapter 0.101.0 for the same history): one update per stored message, and no
 * copy of a tool's stored response. Upstream's replay of this shape, measured with
 * `bench/load-traffic.ts`: 5 updates per turn for a plain client, 6 for Zed (its output
 * in an update of its own), none with `claudeCode.toolResponse`.
 */
const SESSION = "5f0c5b1e-0000-4000-8000-000000000034";
const ZED = {
  fs: { readTextFile: true, writeTextFile: true },
  terminal: true,
  _meta: { terminal_output: true, "terminal-auth": true },
};

function entries(turns: number): MessageEntry[] {
  const text = syntheticTranscript({
    sessionId: SESSION,
    cwd: "/w",
    turns: Array.from({ length: turns }, (_, k) => ({
      prompt: `Step ${k}`,
      thinking: `think ${k}`,
      text: `answer ${k}`,
      bash: { command: `make step-${k}`, output: `out ${k}\n`.repeat(20) },
    })),
  });
  return text
    .split("\n")
    .filter(Boolean)
    .flatMap((line) => {
      const entry = asMessageEntry(JSON.parse(line));
      return entry ? [entry] : [];
    });
}

function replay(capabilities: unknown) {
  const profile = capabilities ? parseClientProfile(capabilities) : PLAIN_CLIENT;
  const replayer = new TranscriptReplay(profile, SESSION, false);
  return [...entries(3).flatMap((e) => replayer.entry(e)), ...replayer.finish()];
}

describe.each([
  ["a plain client", undefined],
  ["Zed", ZED],
])("the replay of prompt, thinking, a command and its answer (%s)", (_name, capabilities) => {
  it("sends one update per stored message, in the stored order", () => {
    expect(replay(capabilities).map((u) => u.sessionUpdate)).toEqual(
      Array.from({ length: 3 }, () => [
        "user_message_chunk",
        "agent_thought_chunk",
        "tool_call",
        "tool_call_update",
        "agent_message_chunk",
      ]).flat(),
    );
  });

  it("repeats no stored tool response: the output goes out once, where the client shows it", () => {
    const updates = replay(capabilities);
    for (const update of updates) {
      const meta = (update as { _meta?: { claudeCode?: object } })._meta;
      expect(meta?.claudeCode ?? {}).not.toHaveProperty("toolResponse");
    }
    const output = "out 0\n".repeat(20).trimEnd();
    const copies = JSON.stringify(updates).split(JSON.stringify(output).slice(1, -1)).length - 1;
    // A plain client: the console block and upstream's `rawOutput`; Zed: the terminal output.
    expect(copies).toBe(capabilities ? 1 : 2);
  });
});
