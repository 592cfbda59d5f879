import { spawn, type ChildProcess } from "node:child_process";
import { waitForExit } from "../test/support/acp-harness.js";
import { onLines, writeLine } from "./ndjson-lines.js";

/** A JSON-RPC 2.0 message as it appears on the wire (only what the bench reads). */
export interface WireMessage {
  jsonrpc?: string;
  id?: number | string | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code?: number; message?: string; data?: unknown };
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const STDERR_TAIL = 16_384;

/**
 * A child process spoken to with newline-delimited JSON-RPC 2.0 over stdin/stdout: the
 * adapter (ACP) and the bare SDK runner use the same framing, so both sides pay the
 * same transport cost. Incoming notifications and requests go to the hooks.
 */
export class ChildRpc {
  readonly child: ChildProcess;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private stderr = "";
  private exitNote: string | undefined;
  /** Every stdout line as received, before parsing (the edit workload counts bytes). */
  lineTap: ((line: string) => void) | undefined;

  constructor(
    command: string,
    args: readonly string[],
    options: { cwd: string; env: Record<string, string | undefined> },
    private readonly onMessage: (message: WireMessage, rpc: ChildRpc) => void = () => {},
  ) {
    this.child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdin!.on("error", () => {}); // EPIPE after the child died: reported via exit
    this.child.stderr!.setEncoding("utf8");
    this.child.stderr!.on("data", (text: string) => {
      this.stderr = (this.stderr + text).slice(-STDERR_TAIL);
      if (process.env.BENCH_DEBUG) process.stderr.write(text);
    });
    onLines(this.child.stdout!, (line) => this.dispatch(line));
    this.child.once("exit", (code, signal) => {
      this.exitNote = `exited (code ${code}, signal ${signal})`;
      for (const [id, p] of this.pending) {
        clearTimeout(p.timer);
        p.reject(new Error(`request ${id}: process ${this.exitNote}\n${this.stderrTail()}`));
      }
      this.pending.clear();
    });
  }

  get pid(): number {
    const pid = this.child.pid;
    if (pid === undefined) throw new Error("process did not start");
    return pid;
  }

  stderrTail(): string {
    return this.stderr.trim().split("\n").slice(-15).join("\n");
  }

  request<T>(method: string, params: unknown, timeoutMs = 120_000): Promise<T> {
    if (this.exitNote)
      return Promise.reject(new Error(`${method}: process ${this.exitNote}\n${this.stderrTail()}`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer within ${timeoutMs} ms\n${this.stderrTail()}`));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (r: unknown) => void, reject, timer });
      writeLine(this.child.stdin!, { jsonrpc: "2.0", id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    writeLine(this.child.stdin!, { jsonrpc: "2.0", method, params });
  }

  respond(id: number | string, result: unknown): void {
    writeLine(this.child.stdin!, { jsonrpc: "2.0", id, result });
  }

  respondError(id: number | string, code: number, message: string): void {
    writeLine(this.child.stdin!, { jsonrpc: "2.0", id, error: { code, message } });
  }

  private dispatch(line: string): void {
    this.lineTap?.(line);
    let message: WireMessage;
    try {
      message = JSON.parse(line) as WireMessage;
    } catch {
      return; // not protocol: ignore, as a client would
    }
    if (message.method === undefined && typeof message.id === "number") {
      const p = this.pending.get(message.id);
      if (!p) return;
      this.pending.delete(message.id);
      clearTimeout(p.timer);
      if (message.error)
        p.reject(new Error(`JSON-RPC error ${message.error.code}: ${message.error.message}`));
      else p.resolve(message.result);
      return;
    }
    this.onMessage(message, this);
  }

  /** Closes stdin (the polite way to end both children), then kills after `graceMs`. */
  async shutdown(graceMs = 3_000): Promise<void> {
    this.child.stdin!.end();
    if (!(await waitForExit(this.child, graceMs))) {
      this.child.kill("SIGKILL");
      await waitForExit(this.child, 2_000);
    }
  }
}
