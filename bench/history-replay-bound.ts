import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { onLines, writeLine } from "./ndjson-lines.js";

/**
 * A lower bound for `session/load`, not an adapter: a fresh Node process, driven like the
 * adapter (newline-delimited JSON-RPC on stdin/stdout), started as
 * `history-replay-bound.js <recorded>`, that answers
 *
 *   ready {}              → {} once started (the bench times from after it, as it times
 *                           the adapter from after `initialize`)
 *   replay {transcript}
 *
 * by doing only what no replay can skip: it reads and parses every line of the transcript
 * (what `getSessionMessages` does, the entries kept until the end, as the branch choice
 * needs them), then writes the adapter's own replay of that transcript, recorded earlier
 * and already serialised (`recorded`, NDJSON, read before the request so that its read
 * is not timed), with backpressure, and answers. No branch
 * choice, no translation, no JSON.stringify, no ACP SDK. The bench times it with the same
 * client that parses the adapter's replay, so the gap between this and the adapter is what
 * the adapter's own work costs, and this against `getSessionMessages` is what the size of
 * the replay costs (the contract sends a command's output up to four times, so the replay
 * is about as large as the transcript).
 */
const recorded = readFileSync(process.argv[2]!);

async function replay(transcript: string): Promise<number> {
  const text = await readFile(transcript, "utf8");
  const entries: unknown[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim()) entries.push(JSON.parse(line));
  }
  const CHUNK = 64 * 1024;
  for (let offset = 0; offset < recorded.length; offset += CHUNK) {
    if (!process.stdout.write(recorded.subarray(offset, offset + CHUNK))) {
      await new Promise((resolve) => process.stdout.once("drain", resolve));
    }
  }
  return entries.length;
}

onLines(process.stdin, (line) => {
  const request = JSON.parse(line) as {
    id: number;
    method: string;
    params: { transcript: string };
  };
  if (request.method === "ready") {
    writeLine(process.stdout, { jsonrpc: "2.0", id: request.id, result: {} });
    return;
  }
  if (request.method !== "replay") {
    writeLine(process.stdout, {
      jsonrpc: "2.0",
      id: request.id,
      error: { code: -32601, message: request.method },
    });
    return;
  }
  replay(request.params.transcript).then(
    (entries) => writeLine(process.stdout, { jsonrpc: "2.0", id: request.id, result: { entries } }),
    (error: unknown) =>
      writeLine(process.stdout, {
        jsonrpc: "2.0",
        id: request.id,
        error: { code: -32603, message: String(error) },
      }),
  );
});
process.stdin.on("end", () => process.exit(0));
