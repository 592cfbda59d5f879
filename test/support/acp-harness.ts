import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import {
  client,
  methods,
  ndJsonStream,
  type AnyMessage,
  type ClientCapabilities,
  type ClientConnection,
  type ClientContext,
  type CreateElicitationRequest,
  type CreateElicitationResponse,
  type InitializeResponse,
  type McpServer,
  type PromptResponse,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
} from "@agentclientprotocol/sdk/unstable";
import {
  startModelServer,
  type ModelServer,
  type ModelServerOptions,
  type ScriptedTurn,
} from "./model-server.js";
import { commandLine, killAll, waitForNoProcesses } from "./processes.js";

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root, whether this file runs from source or from dist/. */
export const REPO_ROOT = resolve(here, here.split("/").includes("dist") ? "../../.." : "../..");
/** A real stdio MCP server with one `echo` tool (built with the tests). */
export const MCP_ECHO_SERVER = join(REPO_ROOT, "dist/test/support/mcp-echo-server.js");
/** The built adapter: tests drive the real bin over stdio. */
export const ADAPTER_BIN = join(REPO_ROOT, "dist/claude-agent-acp.js");
/** The published upstream adapter (a pinned dev dependency), for golden comparisons. */
export const UPSTREAM_ADAPTER_BIN = join(
  REPO_ROOT,
  "node_modules/@agentclientprotocol/claude-agent-acp/dist/index.js",
);

export type TrafficEntry = { readonly dir: "to-agent" | "to-client"; readonly message: AnyMessage };

export const PROFILES = {
  plain: {} satisfies ClientCapabilities,
  zed: {
    fs: { readTextFile: true, writeTextFile: true },
    terminal: true,
    _meta: { terminal_output: true, "terminal-auth": true },
  } satisfies ClientCapabilities,
} as const;

/** A JetBrains-style client that appends terminal output (not AIR). */
export const TERMINAL_DELTA_CLIENT = {
  _meta: { terminal_output_delta: true },
} satisfies ClientCapabilities;

export interface ScenarioOptions {
  script?: ScriptedTurn[];
  /** Answers to side requests (a compaction's summary, ...): see `ModelServerOptions`. */
  sideTurn?: ModelServerOptions["sideTurn"];
  /** Claude Code user settings (written to the config dir). */
  settings?: Record<string, unknown>;
  env?: Record<string, string | undefined>;
  /** Command-line arguments of the adapter (e.g. `--hide-claude-auth`). */
  args?: readonly string[];
  /** Which adapter runs: ours (the built bin, default) or the published upstream one. */
  adapter?: "ours" | "upstream";
  /**
   * The adapter's fd 3, 4, ...: an open descriptor it inherits, or "pipe" (written through
   * `adapter.stdio[n]`), e.g. a token on a descriptor.
   */
  extraFds?: ReadonlyArray<number | "pipe">;
  /** Answer to form elicitations; default: decline. */
  onElicitation?: (
    request: CreateElicitationRequest,
  ) => Promise<CreateElicitationResponse> | CreateElicitationResponse;
  /** Answer to permission requests; default: the first allow_once option. */
  onPermission?: (
    request: RequestPermissionRequest,
  ) => Promise<RequestPermissionResponse> | RequestPermissionResponse;
}

/**
 * One scenario: a fresh workspace and Claude config dir, a scripted model server on its
 * own port, the real adapter process, and a recording ACP client. `close()` kills what
 * the scenario started and fails if any process is left behind.
 */
export class Scenario {
  readonly traffic: TrafficEntry[] = [];
  readonly notifications: SessionNotification[] = [];
  readonly permissionRequests: RequestPermissionRequest[] = [];
  readonly elicitations: CreateElicitationRequest[] = [];
  /** Extension notifications (`_auth/status_update`, ...), in order. */
  readonly extNotifications: Array<{ method: string; params: unknown }> = [];
  adapterStderr = "";
  private connection!: ClientConnection;
  private closedAlready = false;

  private constructor(
    readonly root: string,
    readonly workspace: string,
    readonly configDir: string,
    readonly model: ModelServer,
    /** The adapter process; `restartAdapter()` replaces it. */
    public adapter: ChildProcess,
    private readonly options: ScenarioOptions,
  ) {}

  static async start(options: ScenarioOptions = {}): Promise<Scenario> {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "acp-scenario-")));
    const workspace = join(root, "workspace");
    const configDir = join(root, "claude-config");
    const home = join(root, "home");
    for (const dir of [workspace, configDir, home]) mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(configDir, "settings.json"),
      JSON.stringify({ permissions: { defaultMode: "default" }, ...options.settings }),
    );
    const model = await startModelServer({
      script: options.script ?? [],
      sideTurn: options.sideTurn,
    });
    const env = scenarioEnv(model.url, configDir, home, options.env);
    const adapter = spawnAdapter(workspace, env, options.args, options.adapter, options.extraFds);
    const scenario = new Scenario(root, workspace, configDir, model, adapter, options);
    scenario.attach();
    return scenario;
  }

  /**
   * Ends the adapter process and starts a new one on the same workspace, config dir and
   * model server, with a new client connection and empty recordings: a client that comes
   * back later (e.g. to load a stored session).
   */
  async restartAdapter(): Promise<void> {
    const old = this.adapter;
    old.stdin!.end();
    if (!(await waitForExit(old, 5_000))) old.kill("SIGKILL");
    const env = scenarioEnv(
      this.model.url,
      this.configDir,
      join(this.root, "home"),
      this.options.env,
    );
    this.adapter = spawnAdapter(
      this.workspace,
      env,
      this.options.args,
      this.options.adapter,
      this.options.extraFds,
    );
    for (const list of [
      this.traffic,
      this.notifications,
      this.permissionRequests,
      this.elicitations,
      this.extNotifications,
    ]) {
      list.length = 0;
    }
    this.attach();
  }

  private attach(): void {
    this.adapter.stderr!.on("data", (chunk: Buffer) => {
      this.adapterStderr += chunk.toString("utf8");
      if (process.env.SCENARIO_DEBUG) process.stderr.write(chunk);
    });
    this.connect();
  }

  private connect(): void {
    const stream = ndJsonStream(
      Writable.toWeb(this.adapter.stdin!) as WritableStream<Uint8Array>,
      Readable.toWeb(this.adapter.stdout!) as ReadableStream<Uint8Array>,
    );
    const recorded = {
      readable: stream.readable.pipeThrough(this.tap("to-client")),
      writable: this.tapWritable(stream.writable),
    };
    const app = client({ name: "scenario-client" })
      .onNotification(methods.client.session.update, ({ params }) => {
        this.notifications.push(params);
      })
      .onRequest(methods.client.session.requestPermission, async ({ params }) => {
        this.permissionRequests.push(params);
        if (this.options.onPermission) return this.options.onPermission(params);
        const allow = params.options.find((o) => o.kind === "allow_once") ?? params.options[0];
        return { outcome: { outcome: "selected", optionId: allow!.optionId } };
      })
      .onNotification("*", ({ method, params }) => {
        this.extNotifications.push({ method, params });
      })
      .onRequest(methods.client.elicitation.create, async ({ params }) => {
        this.elicitations.push(params);
        return this.options.onElicitation
          ? this.options.onElicitation(params)
          : { action: "decline" };
      });
    this.connection = app.connect(recorded);
  }

  private tap(dir: TrafficEntry["dir"]): TransformStream<AnyMessage, AnyMessage> {
    return new TransformStream({
      transform: (message, controller) => {
        this.traffic.push({ dir, message: structuredClone(message) });
        controller.enqueue(message);
      },
    });
  }

  private tapWritable(target: WritableStream<AnyMessage>): WritableStream<AnyMessage> {
    const writer = target.getWriter();
    return new WritableStream<AnyMessage>({
      write: async (message) => {
        this.traffic.push({ dir: "to-agent", message: structuredClone(message) });
        await writer.write(message);
      },
      close: () => writer.close(),
      abort: (reason) => writer.abort(reason),
    });
  }

  get agent(): ClientContext {
    return this.connection.agent;
  }

  initialize(clientCapabilities: ClientCapabilities = PROFILES.plain): Promise<InitializeResponse> {
    return this.agent.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities });
  }

  async newSession(
    extra: { _meta?: Record<string, unknown>; cwd?: string; mcpServers?: McpServer[] } = {},
  ): Promise<string> {
    const response = await this.agent.request(methods.agent.session.new, {
      cwd: extra.cwd ?? this.workspace,
      mcpServers: extra.mcpServers ?? [],
      ...(extra._meta ? { _meta: extra._meta } : {}),
    });
    return response.sessionId;
  }

  prompt(sessionId: string, text: string): Promise<PromptResponse> {
    return this.agent.request(methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text }],
    });
  }

  cancel(sessionId: string): Promise<void> {
    return this.agent.notify(methods.agent.session.cancel, { sessionId });
  }

  /** Writes raw bytes to the adapter's stdin (for malformed-input tests). */
  writeRaw(line: string): void {
    this.adapter.stdin!.write(line);
  }

  /** The updates of one session, in arrival order. */
  updates(sessionId: string): SessionNotification["update"][] {
    return this.notifications.filter((n) => n.sessionId === sessionId).map((n) => n.update);
  }

  /** Concatenated text of the agent_message_chunk updates of a session. */
  agentText(sessionId: string): string {
    return this.updates(sessionId)
      .flatMap((u) =>
        u.sessionUpdate === "agent_message_chunk" && u.content.type === "text"
          ? [u.content.text]
          : [],
      )
      .join("");
  }

  /** Raw JSON-RPC messages the adapter sent, in order. */
  sentByAdapter(): AnyMessage[] {
    return this.traffic.filter((t) => t.dir === "to-client").map((t) => t.message);
  }

  /** Processes of this scenario still alive (Claude Code, its shells, the adapter). */
  async leftoverProcesses(timeoutMs = 10_000): Promise<string[]> {
    const left = await waitForNoProcesses("CLAUDE_CONFIG_DIR", this.configDir, timeoutMs);
    return left.map((pid) => `${pid}: ${commandLine(pid)}`);
  }

  /**
   * Ends the scenario. Closing stdin asks the adapter to shut down; whatever is still
   * running afterwards is a leak: it is killed and reported as an error.
   */
  async close(): Promise<void> {
    if (this.closedAlready) return;
    this.closedAlready = true;
    this.adapter.stdin!.end();
    const exited = await waitForExit(this.adapter, 5_000);
    if (!exited) this.adapter.kill("SIGKILL");
    const left = await waitForNoProcesses("CLAUDE_CONFIG_DIR", this.configDir, 5_000);
    killAll(left);
    await this.model.close();
    rmSync(this.root, { recursive: true, force: true });
    if (left.length > 0) throw new Error(`scenario left ${left.length} process(es) running`);
  }
}

function spawnAdapter(
  workspace: string,
  env: Record<string, string | undefined>,
  args: readonly string[] = [],
  which: ScenarioOptions["adapter"] = "ours",
  extraFds: ReadonlyArray<number | "pipe"> = [],
): ChildProcess {
  const bin = which === "upstream" ? UPSTREAM_ADAPTER_BIN : ADAPTER_BIN;
  return spawn(process.execPath, [bin, ...args], {
    cwd: workspace,
    stdio: ["pipe", "pipe", "pipe", ...extraFds],
    env,
  });
}

export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * The environment of a scenario's adapter and Claude Code: nothing of the machine's
 * credentials, `home` as HOME, and a temporary folder inside it as TMPDIR.
 */
export function scenarioEnv(
  modelUrl: string,
  configDir: string,
  home: string,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  const base = { ...process.env };
  // Claude Code's temporary files (`claude-<uid>/`, `fswatch-probe-*`, `cc-socks/`) go
  // under the scenario's own root, which is removed with it, not into the system's.
  const tmp = join(home, "tmp");
  mkdirSync(tmp, { recursive: true });
  delete base.XDG_RUNTIME_DIR;
  // The machine's own credentials and sandbox flag must not leak into a scenario, nor
  // that it is reached over SSH (which changes the login methods offered).
  for (const key of Object.keys(base)) {
    if (/^(ANTHROPIC_|CLAUDE_|CLAUDECODE|SSH_|NO_BROWSER$)/.test(key)) delete base[key];
  }
  return {
    ...base,
    HOME: home,
    TMPDIR: tmp,
    ANTHROPIC_BASE_URL: modelUrl,
    ANTHROPIC_API_KEY: "sk-ant-test-key-000000",
    CLAUDE_CONFIG_DIR: configDir,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    ENABLE_TOOL_SEARCH: "false",
    CLAUDE_CODE_MAX_RETRIES: "1",
    CLAUDE_CODE_OVERLOADED_RETRY_BASE_DELAY_MS: "20",
    ...extra,
  };
}

/** Polls `condition` until it holds; throws with `what` on timeout. */
export async function eventually(
  what: string,
  condition: () => boolean,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Replaces every occurrence of `path` in a JSON-able value with `<ws>`. */
export function normalizePaths<T>(value: T, path: string): T {
  return JSON.parse(JSON.stringify(value).split(path).join("<ws>")) as T;
}

/** The tool_call / tool_call_update updates of one tool call, in order. */
export function toolCallUpdates(
  scenario: Scenario,
  sessionId: string,
  toolCallId: string,
): Array<Record<string, unknown>> {
  return scenario
    .updates(sessionId)
    .filter(
      (u) =>
        (u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") &&
        u.toolCallId === toolCallId,
    )
    .map((u) => normalizePaths(u as unknown as Record<string, unknown>, scenario.workspace));
}
