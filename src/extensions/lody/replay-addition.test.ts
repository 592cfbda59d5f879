import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseClientProfile } from "../compose.js";
import type { MessageEntry } from "../../translation/replay/transcript-entry.js";
import { lodyReplayAddition } from "./replay-addition.js";

const dir = mkdtempSync(join(tmpdir(), "lody-replay-addition-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const addition = () => lodyReplayAddition(parseClientProfile({ _meta: { lody: {} } }));
const entry = (type: MessageEntry["type"], content: unknown = []): MessageEntry => ({
  type,
  uuid: `${type}-1`,
  message: { content },
});

describe("lodyReplayAddition", () => {
  it("adds the turnId after each assistant message, nothing after a user message", () => {
    const add = addition();
    expect(add.entry(entry("user", "hi"))).toStrictEqual([]);
    expect(add.entry(entry("assistant", [{ type: "text", text: "hello" }]))).toStrictEqual([
      { sessionUpdate: "session_info_update", _meta: { lody: { turnId: "assistant-1" } } },
    ]);
  });

  it("ends with the stored title: the user's as explicit", async () => {
    const transcript = join(dir, "s.jsonl");
    writeFileSync(transcript, `${JSON.stringify({ type: "custom-title", customTitle: "Mine" })}\n`);
    const updates = await addition().finish(transcript);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      sessionUpdate: "session_info_update",
      title: "Mine",
      _meta: { lody: { titleSource: "explicit" } },
    });
  });

  it("ends with nothing more for a transcript without a title", async () => {
    expect(await addition().finish(join(dir, "missing.jsonl"))).toStrictEqual([]);
  });
});
