import type { AnyMessage } from "@agentclientprotocol/sdk/unstable";

const settled: Promise<undefined> = Promise.resolve(undefined);

/**
 * The outgoing half of the stdio transport: each message becomes one NDJSON line, and
 * the lines of one event-loop turn leave in a single write. A streamed answer sends
 * thousands of small notifications; one pipe write per turn instead of one per message
 * halves the adapter's CPU on a long stream (measured with `npm run bench`).
 * Backpressure: when the pipe is full, writes wait for `drain`.
 */
export class StdoutLines {
  private lines: string[] = [];
  private scheduled = false;
  private drained: Promise<void> | undefined;
  /** Requests whose answer someone waits for (`answered`), by id. */
  private readonly awaited = new Map<string | number, () => void>();

  constructor(private readonly out: NodeJS.WritableStream) {}

  /**
   * Queues text (whole lines); resolves when the pipe can take more. Not an async
   * function: a pipe that takes more answers with one shared settled promise, not a
   * new one per line (a streamed delta is one line).
   */
  push(text: string): Promise<void> {
    this.lines.push(text);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flushNow);
    }
    return this.drained ?? settled;
  }

  private readonly flushNow = (): void => this.flush();

  /** One JSON-RPC message, as one line. */
  pushMessage(message: AnyMessage): Promise<void> {
    if (this.awaited.size > 0 && "id" in message && !("method" in message)) {
      this.awaited.get(message.id as string | number)?.();
      this.awaited.delete(message.id as string | number);
    }
    return this.push(`${JSON.stringify(message)}\n`);
  }

  /** Settles once the answer (a result or an error) to the client's request `id` is queued. */
  answered(id: string | number): Promise<void> {
    return new Promise((resolve) => this.awaited.set(id, resolve));
  }

  flush(): void {
    this.scheduled = false;
    if (this.lines.length === 0) return;
    const chunk = this.lines.join("");
    this.lines = [];
    if (!this.out.write(chunk) && !this.drained) {
      this.drained = new Promise((resolve) =>
        this.out.once("drain", () => {
          this.drained = undefined;
          resolve();
        }),
      );
    }
  }

  /** JSON-RPC messages, one line each (what the connection writes). */
  messages(): WritableStream<AnyMessage> {
    return new MessageLines(this);
  }

  /** Raw NDJSON bytes (what the SDK's line reader writes, e.g. a parse error answer). */
  bytes(): WritableStream<Uint8Array> {
    const decoder = new TextDecoder();
    return new WritableStream<Uint8Array>({
      write: (chunk) => this.push(decoder.decode(chunk, { stream: true })),
      close: () => this.flush(),
    });
  }
}

/**
 * The connection's outgoing messages as NDJSON lines. The ACP SDK takes a writer, writes
 * one message and releases the writer, for every message it sends. Node's web
 * `WritableStream` spends more on that ceremony than on the message (a writer object,
 * a queue, promises it creates and rejects again on release: measured ~70 ms of CPU per
 * 20,000 streamed chunks, a third of the adapter's own work on a long answer), so this
 * stream is a plain writer over `StdoutLines.push`, which already orders the lines and
 * keeps the backpressure (a write resolves once the pipe can take more).
 */
class MessageLines implements WritableStream<AnyMessage> {
  readonly locked = false;
  private readonly writer: WritableStreamDefaultWriter<AnyMessage>;

  constructor(lines: StdoutLines) {
    const flush = (): Promise<void> => {
      lines.flush();
      return Promise.resolve();
    };
    this.writer = {
      closed: settled,
      ready: settled,
      desiredSize: 1,
      write: (message?: AnyMessage) => (message ? lines.pushMessage(message) : settled),
      close: flush,
      abort: flush,
      releaseLock: () => undefined,
    };
  }

  getWriter(): WritableStreamDefaultWriter<AnyMessage> {
    return this.writer;
  }

  close(): Promise<void> {
    return this.writer.close();
  }

  abort(): Promise<void> {
    return this.writer.abort();
  }
}
