import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import {
  client,
  methods,
  ndJsonStream,
  type AnyMessage,
  type ClientCapabilities,
  type ClientConnection,
  type CreateElicitationRequest,
  type CreateElicitationResponse,
  type RequestPermissionResponse,
  type InitializeResponse,
  type RequestPermissionRequest,
  type SessionUpdate,
  type UpdateSessionNotification,
} from "@agentclientprotocol/sdk/experimental/v2/unstable";
import {
  ADAPTER_BIN,
  UPSTREAM_ADAPTER_BIN,
  eventually,
  scenarioEnv,
  waitForExit,
  type TrafficEntry,
} from "./acp-harness.js";
import { startModelServer, type ModelServer, type ScriptedTurn } from "./model-server.js";
import { killAll, waitForNoProcesses } from "./processes.js";

/**
 * A draft ACP v2 client (the ACP SDK's `/experimental/v2` client app, which also checks
 * every message the adapter sends against the v2 schema) against the real adapter and
 * Claude Code with a scripted model: the v2 counterpart of `Scenario`.
 */
/** What a v2 scenario starts with. */
export interface V2ScenarioOptions {
  script?: ScriptedTurn[];
  env?: Record<string, string | undefined>;
  /** Claude Code's user settings (default: `permissions.defaultMode: "default"`). */
  settings?: Record<string, unknown>;
  /** The client's answer to a permission request (default: the first allow_once option). */
  onPermission?: (request: RequestPermissionRequest) => RequestPermissionResponse;
  /** The client's answer to an elicitation (default: decline). */
  onElicitation?: (request: CreateElicitationRequest) => CreateElicitationResponse;
  /** Which adapter to drive: ours (default) or the published upstream one, for golden comparisons. */
  adapter?: "ours" | "upstream";
}

export class V2Scenario {
  readonly notifications: UpdateSessionNotification[] = [];
  readonly permissionRequests: RequestPermissionRequest[] = [];
  readonly elicitations: CreateElicitationRequest[] = [];
  /** Raw messages the adapter sent, in order. */
  readonly sent: AnyMessage[] = [];
  /** Every message both ways, in the order the client saw or wrote it. */
  readonly traffic: TrafficEntry[] = [];
  adapterStderr = "";
  private readonly connection: ClientConnection;

  private constructor(
    readonly root: string,
    readonly workspace: string,
    readonly configDir: string,
    readonly model: ModelServer,
    private readonly adapter: ChildProcess,
    options: V2ScenarioOptions,
  ) {
    adapter.stderr!.on("data", (chunk: Buffer) => (this.adapterStderr += chunk.toString("utf8")));
    const stream = ndJsonStream(
      Writable.toWeb(adapter.stdin!) as WritableStream<Uint8Array>,
      Readable.toWeb(adapter.stdout!) as ReadableStream<Uint8Array>,
    );
    const readable = stream.readable.pipeThrough(
      new TransformStream<AnyMessage, AnyMessage>({
        transform: (message, controller) => {
          this.sent.push(structuredClone(message));
          this.traffic.push({ dir: "to-client", message: structuredClone(message) });
          controller.enqueue(message);
        },
      }),
    );
    const writer = stream.writable.getWriter();
    const writable = new WritableStream<AnyMessage>({
      write: async (message) => {
        this.traffic.push({ dir: "to-agent", message: structuredClone(message) });
        await writer.write(message);
      },
      close: () => writer.close(),
      abort: (reason) => writer.abort(reason),
    });
    this.connection = client({ name: "scenario-v2-client" })
      .onNotification(methods.client.session.update, ({ params }) => {
        this.notifications.push(params);
      })
      .onRequest(methods.client.session.requestPermission, ({ params }) => {
        this.permissionRequests.push(params);
        if (options.onPermission) return options.onPermission(params);
        const allow = params.options.find((o) => o.kind === "allow_once") ?? params.options[0];
        return { outcome: { outcome: "selected", optionId: allow!.optionId } };
      })
      .onRequest(methods.client.elicitation.create, ({ params }) => {
        this.elicitations.push(params);
        return options.onElicitation?.(params) ?? { action: "decline" };
      })
      .connect({ readable, writable });
  }

  static async start(options: V2ScenarioOptions = {}): Promise<V2Scenario> {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "acp-v2-scenario-")));
    const workspace = join(root, "workspace");
    const configDir = join(root, "claude-config");
    const home = join(root, "home");
    for (const dir of [workspace, configDir, home]) mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(configDir, "settings.json"),
      JSON.stringify(options.settings ?? { permissions: { defaultMode: "default" } }),
    );
    const model = await startModelServer({ script: options.script ?? [] });
    const bin = options.adapter === "upstream" ? UPSTREAM_ADAPTER_BIN : ADAPTER_BIN;
    const adapter = spawn(process.execPath, [bin], {
      cwd: workspace,
      stdio: ["pipe", "pipe", "pipe"],
      env: scenarioEnv(model.url, configDir, home, options.env),
    });
    return new V2Scenario(root, workspace, configDir, model, adapter, options);
  }

  initialize(capabilities: ClientCapabilities = {}): Promise<InitializeResponse> {
    return this.connection.agent.request(methods.agent.initialize, {
      protocolVersion: 2,
      info: { name: "scenario-v2-client", version: "1.0.0" },
      capabilities,
    });
  }

  async newSession(_meta?: Record<string, unknown>): Promise<string> {
    const answer = await this.connection.agent.request(methods.agent.session.new, {
      cwd: this.workspace,
      ...(_meta ? { _meta } : {}),
    });
    return answer.sessionId;
  }

  prompt(sessionId: string, text: string): Promise<{ messageId: string }> {
    return this.connection.agent.request(methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text }],
    });
  }

  /** Any agent method by its wire name (`tool_call/cancel`, ...). */
  request(method: string, params: Record<string, unknown>): Promise<unknown> {
    return (
      this.connection.agent.request as unknown as (m: string, p: unknown) => Promise<unknown>
    )(method, params);
  }

  cancel(sessionId: string): Promise<void> {
    return this.connection.agent.notify(methods.agent.session.cancel, { sessionId });
  }

  get agent(): ClientConnection["agent"] {
    return this.connection.agent;
  }

  updates(sessionId: string): SessionUpdate[] {
    return this.notifications.filter((n) => n.sessionId === sessionId).map((n) => n.update);
  }

  /** The `state_update`s of a session, as `state` or `state:stopReason`. */
  states(sessionId: string): string[] {
    return this.updates(sessionId).flatMap((u) =>
      u.sessionUpdate === "state_update"
        ? [`${String(u.state)}${"stopReason" in u && u.stopReason ? `:${u.stopReason}` : ""}`]
        : [],
    );
  }

  /** Waits until the session has sent `count` idle states; returns its states. */
  async idle(sessionId: string, count = 1, timeoutMs = 30_000): Promise<string[]> {
    await eventually(
      `idle state #${count}`,
      () => this.states(sessionId).filter((s) => s.startsWith("idle")).length >= count,
      timeoutMs,
    );
    return this.states(sessionId);
  }

  /** The `tool_call_update`s of one tool call. */
  toolCall(sessionId: string, toolCallId: string): Array<Record<string, unknown>> {
    return this.updates(sessionId).filter(
      (u) =>
        u.sessionUpdate === "tool_call_update" &&
        (u as { toolCallId?: string }).toolCallId === toolCallId,
    ) as unknown as Array<Record<string, unknown>>;
  }

  /** The kinds of update the session received (each once, in first-seen order). */
  kinds(sessionId: string): string[] {
    return [...new Set(this.updates(sessionId).map((u) => u.sessionUpdate))];
  }

  /** Text of the session's `agent_message_chunk`s. */
  agentText(sessionId: string): string {
    return this.updates(sessionId)
      .flatMap((u) =>
        u.sessionUpdate === "agent_message_chunk"
          ? [(u.content as { text?: string }).text ?? ""]
          : [],
      )
      .join("");
  }

  /** Ends the adapter; fails when a process of the scenario is left running. */
  async close(): Promise<void> {
    this.adapter.stdin!.end();
    if (!(await waitForExit(this.adapter, 5_000))) this.adapter.kill("SIGKILL");
    const left = await waitForNoProcesses("CLAUDE_CONFIG_DIR", this.configDir, 5_000);
    killAll(left);
    await this.model.close();
    rmSync(this.root, { recursive: true, force: true });
    if (left.length > 0) throw new Error(`scenario left ${left.length} process(es) running`);
  }
}

/**
 * The adapter's first answer to one raw `initialize` line, with `env` added to a
 * scenario environment; no session starts, so no Claude Code runs.
 */
export async function rawInitialize(
  params: Record<string, unknown>,
  env: Record<string, string | undefined> = {},
): Promise<unknown> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "acp-v2-raw-")));
  const home = join(root, "home");
  mkdirSync(home, { recursive: true });
  const adapter = spawn(process.execPath, [ADAPTER_BIN], {
    cwd: root,
    stdio: ["pipe", "pipe", "pipe"],
    env: scenarioEnv("http://127.0.0.1:9", join(root, "config"), home, env),
  });
  try {
    const line = new Promise<string>((resolve, reject) => {
      let text = "";
      adapter.stdout!.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
        const end = text.indexOf("\n");
        if (end >= 0) resolve(text.slice(0, end));
      });
      adapter.once("exit", () => reject(new Error("the adapter exited without an answer")));
    });
    adapter.stdin!.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params })}\n`,
    );
    return JSON.parse(await line);
  } finally {
    adapter.stdin!.end();
    if (!(await waitForExit(adapter, 5_000))) adapter.kill("SIGKILL");
    rmSync(root, { recursive: true, force: true });
  }
}
