import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import type {
  InitializeResponse,
  NewSessionResponse,
  PromptResponse,
} from "@agentclientprotocol/sdk/unstable";
import { ADAPTER_BIN, REPO_ROOT, UPSTREAM_ADAPTER_BIN } from "../test/support/acp-harness.js";
import { ChildRpc, type WireMessage } from "./child-rpc.js";
import type { RunEnv } from "./run-env.js";
import type { TurnTiming } from "./turn-timing.js";

interface TextProgress {
  chunks: number;
  chars: number;
  lastChunkAt: number;
}

/**
 * The real adapter (`node dist/claude-agent-acp.js`) as an ACP client sees it: JSON-RPC over
 * stdio. A deliberately thin client (no schema validation, no traffic recording) so the
 * measured time is the adapter's, not a client library's. It answers permission
 * requests with the first allow option; the benchmark's turns need none.
 */
export class AdapterProcess {
  private readonly rpc: ChildRpc;
  private readonly progress = new Map<string, TextProgress>();
  /** `session/request_permission` requests answered so far. */
  permissionRequests = 0;

  private constructor(
    env: RunEnv,
    nodeArgs: readonly string[],
    entry: string,
    extraEnv: Readonly<Record<string, string>> = {},
  ) {
    this.rpc = new ChildRpc(
      process.execPath,
      [...nodeArgs, entry],
      { cwd: env.workspace, env: { ...env.env, ...extraEnv } },
      (m, rpc) => this.onMessage(m, rpc),
    );
  }

  /**
   * Extra node flags for the adapter, e.g. BENCH_ADAPTER_NODE_ARGS="--cpu-prof
   * --cpu-prof-dir=/tmp/prof"; BENCH_ADAPTER_ENTRY=dist/src/index.js runs the unbundled
   * modules instead of the bin (profiles then tell our code from the ACP SDK's).
   */
  static spawn(env: RunEnv): AdapterProcess {
    const nodeArgs = (process.env.BENCH_ADAPTER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
    return new AdapterProcess(
      env,
      nodeArgs,
      resolve(REPO_ROOT, process.env.BENCH_ADAPTER_ENTRY ?? ADAPTER_BIN),
    );
  }

  /** The adapter at `entry` (a path under the repository), with BENCH_ADAPTER_NODE_ARGS. */
  static spawnEntry(env: RunEnv, entry: string): AdapterProcess {
    const nodeArgs = (process.env.BENCH_ADAPTER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
    return new AdapterProcess(env, nodeArgs, resolve(REPO_ROOT, entry));
  }

  /**
   * The published upstream adapter (the pinned dev dependency, 0.101.0), for the rows
   * that compare with it. BENCH_UPSTREAM_NODE_ARGS: its node flags. It always starts
   * Claude Code with `--allow-dangerously-skip-permissions`, which Claude Code refuses as
   * root unless IS_SANDBOX=1 (as test/support/script-turns.ts does).
   */
  static spawnUpstream(env: RunEnv): AdapterProcess {
    const nodeArgs = (process.env.BENCH_UPSTREAM_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
    return new AdapterProcess(env, nodeArgs, UPSTREAM_ADAPTER_BIN, { IS_SANDBOX: "1" });
  }

  /** Every line the adapter writes, as received (for byte counts). */
  tapLines(tap: (line: string) => void): void {
    this.rpc.lineTap = tap;
  }

  get pid(): number {
    return this.rpc.pid;
  }

  initialize(clientCapabilities: Record<string, unknown> = {}): Promise<InitializeResponse> {
    return this.rpc.request("initialize", { protocolVersion: 1, clientCapabilities });
  }

  async newSession(cwd: string): Promise<string> {
    // BENCH_CC_DEBUG_DIR: Claude Code's debug log (`debugFile`, timestamped) of each session.
    const debugDir = process.env.BENCH_CC_DEBUG_DIR;
    const response = await this.rpc.request<NewSessionResponse>("session/new", {
      cwd,
      mcpServers: [],
      ...(debugDir
        ? { _meta: { claudeCode: { options: debugOptions(debugLogPath(debugDir, this.pid)) } } }
        : {}),
    });
    return response.sessionId;
  }

  async closeSession(sessionId: string): Promise<void> {
    await this.rpc.request("session/close", { sessionId });
  }

  /** One prompt, timed from sending it to its response and to its last text chunk. */
  async prompt(sessionId: string, text: string): Promise<TurnTiming> {
    const progress: TextProgress = { chunks: 0, chars: 0, lastChunkAt: Number.NaN };
    this.progress.set(sessionId, progress);
    const start = performance.now();
    const response = await this.rpc.request<PromptResponse>("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text }],
    });
    const doneMs = performance.now() - start;
    this.progress.delete(sessionId);
    return {
      startedAt: start,
      doneMs,
      lastChunkMs: progress.lastChunkAt - start,
      chunks: progress.chunks,
      chars: progress.chars,
      stop: response.stopReason,
    };
  }

  stderrTail(): string {
    return this.rpc.stderrTail();
  }

  shutdown(): Promise<void> {
    return this.rpc.shutdown();
  }

  private onMessage(message: WireMessage, rpc: ChildRpc): void {
    if (message.method === "session/update") {
      const params = message.params as {
        sessionId: string;
        update: { sessionUpdate: string; content?: { type: string; text?: string } };
      };
      const { update } = params;
      if (update.sessionUpdate !== "agent_message_chunk" || update.content?.type !== "text") return;
      const progress = this.progress.get(params.sessionId);
      if (!progress) return;
      progress.chunks++;
      progress.chars += update.content.text?.length ?? 0;
      progress.lastChunkAt = performance.now();
      return;
    }
    if (message.id === undefined || message.id === null) return;
    if (message.method === "session/request_permission") {
      this.permissionRequests++;
      const options = (message.params as { options: Array<{ optionId: string; kind: string }> })
        .options;
      const allow = options.find((o) => o.kind === "allow_once") ?? options[0];
      rpc.respond(message.id, { outcome: { outcome: "selected", optionId: allow?.optionId } });
    } else {
      rpc.respondError(message.id, -32601, `bench client does not implement ${message.method}`);
    }
  }
}

/** Claude Code's debug log of a process's session under `dir`, named by its process id. */
export function debugLogPath(dir: string, pid: number): string {
  return `${dir}/cc-${pid}-${Date.now()}.log`;
}

/** `debugFile`, and BENCH_CC_DEBUG_LEVEL as Claude Code's log level (`verbose`: hooks too). */
function debugOptions(debugFile: string): Record<string, unknown> {
  const level = process.env.BENCH_CC_DEBUG_LEVEL;
  return { debugFile, ...(level ? { env: { CLAUDE_CODE_DEBUG_LOG_LEVEL: level } } : {}) };
}
