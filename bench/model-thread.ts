import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import type { RecordedRequest, ScriptedTurn } from "../test/support/model-server.js";

type Outbound =
  | { readonly type: "ready"; readonly url: string }
  | { readonly type: "main"; readonly at: number }
  | { readonly type: "done"; readonly id: number; readonly value?: unknown };

/**
 * The scripted model server of a run, in a worker thread. In the bench's own thread it
 * would share one event loop with the client that reads the adapter's output: while
 * that client parses 20,000 notifications, the server could not feed Claude Code the
 * next SSE bytes, and only the adapter side (the bare runner sends next to nothing
 * back) would pay for it. A real model is another machine; here it gets its own thread.
 */
export class ModelThread {
  /** When each main model request arrived, on this thread's `performance` clock. */
  readonly mainRequestTimes: number[] = [];
  private readonly waiting = new Map<number, (value: unknown) => void>();
  private nextId = 0;

  private constructor(
    private readonly worker: Worker,
    readonly url: string,
  ) {
    worker.on("message", (message: Outbound) => {
      if (message.type === "main") {
        this.mainRequestTimes.push(message.at - performance.timeOrigin);
      } else if (message.type === "done") {
        this.waiting.get(message.id)?.(message.value);
        this.waiting.delete(message.id);
      }
    });
  }

  static start(script: readonly ScriptedTurn[] = []): Promise<ModelThread> {
    const worker = new Worker(new URL("./model-thread-worker.js", import.meta.url), {
      workerData: { script },
    });
    return new Promise((resolve, reject) => {
      worker.once("error", reject);
      const onReady = (message: Outbound): void => {
        if (message.type !== "ready") return;
        worker.off("message", onReady);
        worker.off("error", reject);
        resolve(new ModelThread(worker, message.url));
      };
      worker.on("message", onReady);
    });
  }

  /** Appends turns to the script; resolves once the server has them. */
  async push(...turns: ScriptedTurn[]): Promise<void> {
    await this.call("push", { turns });
  }

  /** The main model requests so far, with their bodies. */
  async mainRequests(): Promise<RecordedRequest[]> {
    return (await this.call("mainRequests", {})) as RecordedRequest[];
  }

  async close(): Promise<void> {
    await this.call("close", {});
    await this.worker.terminate();
  }

  private call(type: string, params: Record<string, unknown>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ type, id, ...params });
    });
  }
}
