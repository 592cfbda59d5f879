import { mkdtempSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { syntheticTranscript } from "../../../test/support/synthetic-transcript.js";
import { RowFacts } from "./row-facts.js";

const sessionId = "0ae4ecbb-3e54-4a6a-ab16-29e29e6e8cbb";
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function transcriptFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "row-facts-"));
  dirs.push(dir);
  const path = join(dir, `${sessionId}.jsonl`);
  writeFileSync(path, text);
  return path;
}

/** Claude Code's end-of-turn prompt snapshot: one record larger than the first tail. */
const snapshot = (bytes: number) =>
  JSON.stringify({
    type: "attachment",
    attachment: { type: "prompt_snapshot", systemPrompt: ["x".repeat(bytes)] },
  }) + "\n";

describe("RowFacts", () => {
  const text = syntheticTranscript({
    sessionId,
    cwd: "/w",
    startedAt: new Date("2026-01-01T00:00:00.000Z"),
    turns: [{ prompt: "hello", text: "hi" }],
  });
  const expected = {
    lastPromptAt: expect.any(Number) as number,
    model: "claude-opus-5-5",
    turnState: "finished",
    lastTurnEndedAt: expect.any(Number) as number,
  };

  it("reads past large records at the end until it finds the last prompt and answer", async () => {
    const path = transcriptFile(text + snapshot(300 * 1024));
    expect(await new RowFacts().of(path)).toStrictEqual(expected);
  });

  it("reads again once the transcript changed; nothing for a missing one", async () => {
    const path = transcriptFile(text);
    const facts = new RowFacts();
    expect((await facts.of(path)).turnState).toBe("finished");
    appendFileSync(
      path,
      JSON.stringify({ type: "user", message: { role: "user", content: "more" } }) + "\n",
    );
    expect((await facts.of(path)).turnState).toBe("unfinished");
    expect(await facts.of(join(path, "..", "gone.jsonl"))).toStrictEqual({});
    expect(await facts.of(undefined)).toStrictEqual({});
  });
});
