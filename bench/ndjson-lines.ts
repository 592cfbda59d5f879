import type { Readable } from "node:stream";

/**
 * Calls `onLine` for every non-empty newline-terminated line of a byte stream (the
 * framing of ACP over stdio and of the bare runner's replies). No schema validation:
 * the benchmark wants the arrival of a message, not a client library's parse cost.
 */
export function onLines(stream: Readable, onLine: (line: string) => void): void {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    pending += chunk;
    let start = 0;
    for (let nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n", start)) {
      const line = pending.slice(start, nl);
      start = nl + 1;
      if (line.length > 0 && line !== "\r") onLine(line);
    }
    pending = pending.slice(start);
  });
}

/** Writes one JSON value as a line. */
export function writeLine(stream: NodeJS.WritableStream, value: unknown): void {
  stream.write(`${JSON.stringify(value)}\n`);
}
