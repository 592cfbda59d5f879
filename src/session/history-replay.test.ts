import { execFileSync } from "node:child_process";
import { constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { open, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { afterEach, describe, expect, it } from "vitest";
import { syntheticTranscript } from "../../test/support/synthetic-transcript.js";
import type { ClientPort } from "../client/client-port.js";
import { PLAIN_CLIENT } from "../profile/client-profile.js";
import { replayHistory } from "./history-replay.js";

const sessionId = "31fdce0d-cf2c-4eff-82e2-7787c7a8fbed";
/** A transcript recorded from a real run (see transcript-replay.test.ts). */
const recorded = join(import.meta.dirname, "../translation/replay/fixtures/bash-edit.jsonl");

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function recordingClient(updates: SessionUpdate[]): ClientPort {
  const refuse = () => Promise.reject(new Error("not expected in a replay"));
  return {
    sessionUpdate: async (_id, update) => void updates.push(update),
    sessionUpdates: async (_id, batch) => void updates.push(...batch),
    requestPermission: refuse,
    elicit: refuse,
    notify: refuse,
  };
}

async function replay(
  transcript: string,
  client: ClientPort = recordingClient([]),
): Promise<SessionUpdate[]> {
  const updates: SessionUpdate[] = [];
  const recording: ClientPort = {
    ...client,
    sessionUpdates: async (id, batch) => {
      updates.push(...batch);
      await client.sessionUpdates(id, batch);
    },
  };
  await replayHistory({
    sessionId,
    transcript,
    profile: PLAIN_CLIENT,
    flatSubagents: false,
    client: recording,
  });
  return updates;
}

describe("replayHistory", () => {
  it("reads the transcript once: the same updates from a pipe that can be read once", async () => {
    const fromFile = await replay(recorded);
    expect(fromFile.length).toBeGreaterThan(5);

    const dir = mkdtempSync(join(tmpdir(), "history-replay-"));
    dirs.push(dir);
    const fifo = join(dir, "once.jsonl");
    execFileSync("mkfifo", [fifo]);
    // The writer's open waits for the reader's; once it has closed, a second read of the
    // pipe would wait for a writer that never comes. After a while, one comes with
    // nothing to say: a second read then finds the pipe empty.
    const written = writeFile(fifo, readFileSync(recorded));
    const timer = setTimeout(() => {
      open(fifo, constants.O_WRONLY | constants.O_NONBLOCK).then(
        (late) => late.close(),
        () => undefined, // no reader waiting
      );
    }, 3_000);
    const fromPipe = await replay(fifo).finally(() => clearTimeout(timer));
    await written;
    expect(fromPipe).toEqual(fromFile);
  });

  it("lets the event loop run while a long history is sent, so the transport writes as it goes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "history-replay-"));
    dirs.push(dir);
    const transcript = join(dir, `${sessionId}.jsonl`);
    const turns = Array.from({ length: 300 }, (_, k) => ({ prompt: `p${k}`, text: `t${k}` }));
    writeFileSync(transcript, syntheticTranscript({ sessionId, cwd: dir, turns }));
    // The transport accepts each update at once and writes a loop turn's lines together.
    let turnsRun = 0;
    const seen: number[] = [];
    const client = recordingClient([]);
    client.sessionUpdates = async (_id, batch) => void seen.push(...batch.map(() => turnsRun));
    const ticking = setInterval(() => turnsRun++, 0);
    try {
      await replay(transcript, client);
    } finally {
      clearInterval(ticking);
    }
    expect(seen.length).toBe(600);
    // Some loop turns ran between the first update and the last one.
    expect(seen.at(-1)! - seen[0]!).toBeGreaterThan(0);
  });
});
