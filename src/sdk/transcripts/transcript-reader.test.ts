import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CHUNK_BYTES, StoredTranscript } from "./transcript-reader.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function file(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "transcript-reader-"));
  dirs.push(dir);
  const path = join(dir, "t.jsonl");
  writeFileSync(path, text);
  return path;
}

const user = (uuid: string, parentUuid: string | null, text: string) =>
  JSON.stringify({ type: "user", uuid, parentUuid, message: { role: "user", content: text } });

describe("transcript reader", () => {
  it("links entries by line, skips bookkeeping, counts what does not parse", async () => {
    const path = file(
      [
        JSON.stringify({ type: "queue-operation", operation: "enqueue" }),
        user("u1", null, "héllo — ✓"),
        "{not json",
        JSON.stringify({ type: "attachment", uuid: "a1", parentUuid: "u1" }),
        user("u2", "a1", "second"),
        '{"type":"user","uuid":"u3","mess', // cut off while being written
      ].join("\n"),
    );
    const { links, unreadable } = await StoredTranscript.read(path);
    expect(links.map((l) => [l.line, l.uuid, l.parentUuid, l.message])).toEqual([
      [1, "u1", undefined, true],
      [3, "a1", "u1", false],
      [4, "u2", "a1", true],
    ]);
    expect(unreadable).toBe(2);
  });

  it("reads the message entries of the chosen lines, in order", async () => {
    // A line across the reader's chunks, the first chunk ending inside a 3-byte character.
    const head =
      '{"type":"user","uuid":"u1","parentUuid":null,"message":{"role":"user","content":"';
    const long = "a".repeat(CHUNK_BYTES - Buffer.byteLength(head) - 1) + "€".repeat(400_000);
    const first = `${head}${long}"}}`;
    expect(first).toBe(user("u1", null, long));
    const path = file([first, user("u2", "u1", "b"), user("u3", "u2", "c")].join("\n") + "\n");
    const all = [...(await StoredTranscript.read(path)).takeAll()].map((e) => e.uuid);
    expect(all).toEqual(["u1", "u2", "u3"]);
    const chosen = [...(await StoredTranscript.read(path)).takeAll([0, 2])];
    expect(chosen.map((e) => e.uuid)).toEqual(["u1", "u3"]);
    expect(chosen[0]!.message?.content).toBe(long);
  });

  // Lines of several chunks, every `every`th one with characters of 2, 3 and 4 bytes, two of
  // them empty or not JSON: each line reads back as written, numbered in order.
  it.each([50, 3])("decodes every line as written, one in %i not ASCII", async (every) => {
    const texts = Array.from({ length: 3000 }, (_, i) =>
      i % every === 0 ? `${i} é — ✓ 😀 ${"x".repeat(i)}` : `${i} ${"y".repeat(i)}`,
    );
    const lines = texts.map((text, i) => user(`u${i}`, i > 0 ? `u${i - 1}` : null, text));
    lines.splice(1500, 0, "", "{not json — ✓");
    const path = file(lines.join("\n") + "\n");
    expect(Buffer.byteLength(lines.join("\n"))).toBeGreaterThan(3 * CHUNK_BYTES);
    const transcript = await StoredTranscript.read(path);
    expect(transcript.unreadable).toBe(1);
    expect(transcript.links.map((l) => l.line)).toEqual(
      texts.map((_, i) => (i < 1500 ? i : i + 2)),
    );
    expect([...transcript.takeAll()].map((e) => e.message?.content)).toEqual(texts);
  });

  it("hands each entry on once, and lets go of the rest when the taking ends", async () => {
    const path = file(
      [user("u1", null, "a"), user("u2", "u1", "b"), user("u3", "u2", "c")].join("\n"),
    );
    const transcript = await StoredTranscript.read(path);
    const first = transcript.takeAll([0, 1, 2]);
    expect(first.next().value?.uuid).toBe("u1");
    first.return(undefined);
    expect([...transcript.takeAll()]).toEqual([]);
  });

  it("takes one line's entry once; release lets go of the others", async () => {
    const path = file(
      [user("u1", null, "a"), "not json", user("u2", "u1", "b"), user("u3", "u2", "c")].join("\n"),
    );
    const transcript = await StoredTranscript.read(path);
    expect(transcript.take(2)?.uuid).toBe("u2");
    expect(transcript.take(2)).toBeUndefined();
    expect(transcript.take(1)).toBeUndefined();
    transcript.release();
    expect(transcript.take(0)).toBeUndefined();
    expect(transcript.take(3)).toBeUndefined();
  });
});
