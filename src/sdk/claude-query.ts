import {
  getSessionInfo,
  query,
  type EffortLevel,
  type McpServerStatus,
  type SlashCommand,
  type ModelInfo,
  type PermissionMode,
  type Query,
  type SDKMessage,
  type SDKUserMessage,
} from "@anthropic-ai/claude-agent-sdk";
import type { FileRewind } from "../translation/rewind-answer.js";
import type { ClaudeAccount } from "../translation/auth.js";
import { InputStream } from "./input-stream.js";
import { routingGeneration } from "./provider-routing.js";
import { buildQueryOptions, type SessionQueryConfig } from "./query-options.js";
import { startupFailure } from "./startup-failure.js";

/** What Claude Code said of the switches when it started (`ClaudeInit.switches`). */
export interface SwitchFacts {
  /** `fast_mode_disabled_reason` of its start answer. */
  readonly fastDisabledReason?: string;
  /** `fast_mode_state` is `on`. */
  readonly fastOn?: boolean;
  /** Its settings' `ultracodeAvailable`: dynamic workflows are on and the model can run them. */
  readonly ultracodeAvailable?: boolean;
  /** Its settings' `ultracode`: ultracode is in effect. */
  readonly ultracodeOn?: boolean;
}

/** What Claude Code reports once it has started. */
export interface ClaudeInit {
  readonly models: readonly ModelInfo[];
  readonly permissionMode: string | undefined;
  readonly commands: readonly SlashCommand[];
  /** Fast mode and ultracode as Claude Code started them. */
  readonly switches: SwitchFacts;
  /** The agents Claude Code can run the main thread as, built-in ones included. */
  readonly agents: readonly MainAgent[];
  /** Its login, as it read it (never cached: `start-cache/` keeps the models and switches). */
  readonly account?: ClaudeAccount;
}

/** Claude Code's answer to an MCP server's sign-in start (`mcpAuthenticate`). */
export interface McpSignInStart {
  /** The user must open `authUrl` (false: the server is signed in already). */
  readonly requiresUserAction: boolean;
  readonly authUrl: string | undefined;
}

/** An agent of Claude Code's (`supportedAgents()`): its name and when to use it. */
export interface MainAgent {
  readonly name: string;
  readonly description: string;
}

/**
 * One running Claude Code process for one ACP session: a long-lived SDK `query()` fed
 * by a streaming input. This is the only place that calls `query()`.
 */
export class ClaudeQuery {
  private readonly input = new InputStream();
  private readonly query: Query;
  private closed = false;
  /** The change of the model route this Claude Code started under (`routedAsNow`). */
  private readonly routing = routingGeneration();
  /** Resolves once the Claude Code process exited (never, if none was spawned). */
  private readonly exit: Promise<void>;
  private spawned = false;
  /**
   * The switches of Claude Code's settings answer, asked for as the query starts: the SDK
   * writes the request right behind `initialize`, so Claude Code answers it as soon as it
   * has started. Asked for only once `initialize` was answered, the answer came one
   * round trip later, behind the work Claude Code does right after its start (50–400 ms
   * on a busy machine, on the way to the first prompt: `ready()` waits for it).
   */
  private readonly settingsFacts: Promise<Pick<SwitchFacts, "ultracodeAvailable" | "ultracodeOn">>;

  constructor(private readonly config: SessionQueryConfig) {
    const options = buildQueryOptions(config);
    const spawn = options.spawnClaudeCodeProcess!;
    let exited!: () => void;
    this.exit = new Promise<void>((resolve) => (exited = resolve));
    this.query = query({
      prompt: this.input,
      options: {
        ...options,
        spawnClaudeCodeProcess: (spawnOptions) => {
          const child = spawn(spawnOptions);
          this.spawned = true;
          child.once("exit", () => exited());
          return child;
        },
      },
    });
    this.settingsFacts = this.ultracodeFacts();
  }

  /**
   * Whether this Claude Code sends its model requests where the process's route says:
   * it read the route from its environment when it started, so after `providers/set`
   * or a gateway sign-in its session replaces it before the next turn.
   */
  routedAsNow(): boolean {
    return this.routing === routingGeneration();
  }

  /** Resolves when Claude Code has started: what it offers (models, commands, mode). */
  async ready(): Promise<ClaudeInit> {
    const init = await this.query.initializationResult().catch((error: unknown) => {
      // A start Claude Code refused says why (`CLAUDE_CODE_STARTUP_FAILURE_RESULTS`).
      throw startupFailure(error) ?? error;
    });
    const [ultracode, agents] = await Promise.all([this.settingsFacts, this.agents()]);
    // `current_permission_mode` is sent by 0.3.318 but missing from its type.
    const mode = (init as { current_permission_mode?: unknown }).current_permission_mode;
    return {
      models: init.models ?? [],
      permissionMode: typeof mode === "string" ? mode : undefined,
      commands: init.commands ?? [],
      switches: {
        ...(init.fast_mode_disabled_reason
          ? { fastDisabledReason: init.fast_mode_disabled_reason }
          : {}),
        fastOn: init.fast_mode_state === "on",
        ...ultracode,
      },
      agents,
      account: init.account,
    };
  }

  /** Claude Code's agents; none when it cannot tell (the session starts without a choice). */
  private async agents(): Promise<MainAgent[]> {
    try {
      const agents = await this.query.supportedAgents();
      return agents.map((a) => ({ name: a.name, description: a.description ?? "" }));
    } catch {
      return [];
    }
  }

  /**
   * Whether ultracode can be turned on, and is: only Claude Code's settings answer says
   * (`applied.ultracodeAvailable`: dynamic workflows on and a model that runs them). The
   * SDK 0.3.318 sends that request (`getSettings`) without typing it, so the answer is
   * read as unknown data; a Claude Code without it offers no ultracode.
   */
  private async ultracodeFacts(): Promise<Pick<SwitchFacts, "ultracodeAvailable" | "ultracodeOn">> {
    const reader = (this.query as { getSettings?: () => Promise<unknown> }).getSettings;
    if (typeof reader !== "function") return {};
    try {
      const answer = (await reader.call(this.query)) as { applied?: Record<string, unknown> };
      const applied = answer?.applied;
      return {
        ultracodeAvailable: applied?.ultracodeAvailable === true,
        ultracodeOn: applied?.ultracode === true,
      };
    } catch {
      return {};
    }
  }

  supportedCommands(): Promise<SlashCommand[]> {
    return this.query.supportedCommands();
  }

  /**
   * The context window of the model Claude Code runs now, as it measures it
   * (`rawMaxTokens`). `summary` answers from local estimates: the `full` breakdown would
   * make a token-count request per category.
   */
  async contextWindow(): Promise<number | undefined> {
    const usage = await this.query.getContextUsage({ detail: "summary" });
    return usage.rawMaxTokens;
  }

  mcpServerStatus(): Promise<McpServerStatus[]> {
    return this.query.mcpServerStatus();
  }

  /** Settles once Claude Code answered its start (or failed to), without more requests. */
  initialized(): Promise<void> {
    return this.query.initializationResult().then(() => undefined);
  }

  reconnectMcpServer(name: string): Promise<void> {
    return this.query.reconnectMcpServer(name);
  }

  toggleMcpServer(name: string, enabled: boolean): Promise<void> {
    return this.query.toggleMcpServer(name, enabled);
  }

  /**
   * Starts the OAuth sign-in of an MCP server (the SDK's undocumented
   * `mcpAuthenticate`, 0.3.318): Claude Code opens its own localhost callback listener
   * and answers with the authorization URL the user must open. Undefined when the SDK
   * has no such call.
   */
  async mcpAuthenticate(name: string): Promise<McpSignInStart | undefined> {
    const start = (this.query as { mcpAuthenticate?: (name: string) => Promise<unknown> })
      .mcpAuthenticate;
    if (typeof start !== "function") return undefined;
    const answer = (await start.call(this.query, name)) as Record<string, unknown> | undefined;
    return {
      requiresUserAction: answer?.requiresUserAction === true,
      authUrl: typeof answer?.authUrl === "string" ? answer.authUrl : undefined,
    };
  }

  /**
   * Hands Claude Code the address the browser was sent to after a sign-in
   * (`mcpSubmitOAuthCallbackUrl`, 0.3.318), for when its localhost callback cannot be
   * reached: settles once the sign-in is done, rejects with Claude Code's reason.
   */
  /**
   * Connects the session to claude.ai (Remote Control: continued from another device), or
   * disconnects it with `enabled` false, through the SDK's undocumented
   * `enableRemoteControl` (the `remote_control` control request, 0.3.318). Resolves with
   * the session's address on claude.ai when Claude Code names one; rejects with Claude
   * Code's reason, or when the SDK has no such call.
   */
  async remoteControl(enabled: boolean, name?: string): Promise<{ sessionUrl?: string }> {
    const toggle = (
      this.query as {
        enableRemoteControl?: (enabled: boolean, name?: string) => Promise<unknown>;
      }
    ).enableRemoteControl;
    if (typeof toggle !== "function") throw new Error("this Claude Code has no Remote Control");
    const answer = (await toggle.call(this.query, enabled, name)) as
      Record<string, unknown> | undefined;
    const url = answer?.session_url;
    return typeof url === "string" && url !== "" ? { sessionUrl: url } : {};
  }

  async mcpSubmitCallback(name: string, callbackUrl: string): Promise<void> {
    const submit = (
      this.query as { mcpSubmitOAuthCallbackUrl?: (name: string, url: string) => Promise<unknown> }
    ).mcpSubmitOAuthCallbackUrl;
    if (typeof submit !== "function") throw new Error("this Claude Code takes no callback address");
    await submit.call(this.query, name, callbackUrl);
  }

  async setPermissionMode(mode: PermissionMode): Promise<void> {
    await this.query.setPermissionMode(mode);
  }

  async setModel(model: string): Promise<void> {
    await this.query.setModel(model);
  }

  /** `undefined` returns to Claude Code's own effort for the model. */
  async setEffort(effort: string | undefined): Promise<void> {
    await this.query.applyFlagSettings({ effortLevel: (effort ?? null) as EffortLevel | null });
  }

  /**
   * Runs the main thread as agent `name` from the next turn on (its system prompt, tools
   * and model); null returns to Claude Code's own.
   */
  async setAgent(name: string | null): Promise<void> {
    await this.query.applyFlagSettings({ agent: name } as Parameters<
      Query["applyFlagSettings"]
    >[0]);
  }

  /** Turns fast mode or ultracode on or off for the rest of the session (flag settings). */
  async setSwitch(id: "fast" | "ultracode", on: boolean): Promise<void> {
    await this.query.applyFlagSettings(id === "fast" ? { fastMode: on } : { ultracode: on });
  }

  /** The SDK message stream. It ends (or throws) when Claude Code exits. */
  messages(): AsyncIterable<SDKMessage> {
    return this.query;
  }

  /**
   * What rewinding the files to their state before user message `userMessageId` would
   * restore, without touching them (a dry run; needs `fileCheckpointing`). Resolves with
   * the SDK's `RewindFilesResult` as sent: its shape is checked by the caller.
   */
  previewFileRewind(userMessageId: string): Promise<unknown> {
    return this.query.rewindFiles(userMessageId, { dryRun: true });
  }

  /**
   * Puts the files Claude's tools changed back to their state before the first of
   * `userMessageIds` that has a checkpoint (needs `fileCheckpointing`). The dry run says which files and lines
   * change (the real run does not); a refusal is reported, not thrown.
   */
  async rewindFiles(userMessageIds: readonly string[]): Promise<FileRewind> {
    let preview: Awaited<ReturnType<Query["rewindFiles"]>> = { canRewind: false };
    let userMessageId = "";
    // The first prompt with a checkpoint (one whose turn ran no tool has none).
    for (const id of userMessageIds) {
      userMessageId = id;
      preview = await this.query.rewindFiles(id, { dryRun: true });
      if (preview.canRewind) break;
    }
    if (!preview.canRewind) {
      return { files: [], insertions: 0, deletions: 0, error: preview.error ?? "cannot rewind" };
    }
    const files = preview.filesChanged ?? [];
    if (files.length === 0) return { files, insertions: 0, deletions: 0 };
    const done = await this.query.rewindFiles(userMessageId);
    if (!done.canRewind) {
      return { files: [], insertions: 0, deletions: 0, error: done.error ?? "cannot rewind" };
    }
    return {
      files,
      insertions: preview.insertions ?? 0,
      deletions: preview.deletions ?? 0,
      ...(done.skippedLinks ? { skippedLinks: done.skippedLinks } : {}),
    };
  }

  /**
   * Asks Claude Code's model to name a session from `description` (its own title prompt,
   * a side request that runs no turn), without storing the title in the transcript.
   * Resolves with the title, or null when the model named nothing. `generateSessionTitle`
   * is in 0.3.318's `Query` but not in its type; a Claude Code without it rejects.
   */
  async generateTitle(description: string): Promise<string | null> {
    const generate = (this.query as unknown as Partial<TitleGenerator>).generateSessionTitle;
    if (typeof generate !== "function") throw new Error("Claude Code cannot generate titles");
    const title = await generate.call(this.query, description, { persist: false });
    return typeof title === "string" ? title : null;
  }

  send(message: SDKUserMessage): void {
    this.input.push(message);
  }

  /** Stops a background task; Claude Code reports its end as a `task_notification`. */
  async stopTask(taskId: string): Promise<void> {
    await this.query.stopTask(taskId);
  }

  /**
   * Stops the running turn and drops the messages still queued in Claude Code (a steer
   * not yet taken in): after a cancel nothing the user sent before it may run.
   * `cancelQueued` is in 0.3.318's `interrupt` but not in its type (capability
   * `interrupt_cancel_queued_v1`; an older Claude Code ignores it).
   */
  async interrupt(): Promise<void> {
    if (this.closed) return;
    const interrupt = this.query.interrupt.bind(this.query) as (options: {
      cancelQueued: boolean;
    }) => Promise<unknown>;
    await interrupt({ cancelQueued: true });
  }

  /** Ends the query and its process. Safe to call more than once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.input.end();
    // Aborted with a reason made once, before the SDK aborts it itself: an abort reason
    // made here would be an error whose stack holds every caller (the session included),
    // and the SDK keeps the reason for seconds while Claude Code exits.
    this.config.abortController.abort(QUERY_CLOSED);
    this.query.close();
  }

  /**
   * Closes the query and resolves once its Claude Code exited, or after `timeoutMs`:
   * a process that is stopping may still write its transcript.
   */
  async closeAndWait(timeoutMs = 5_000): Promise<void> {
    this.close();
    if (!this.spawned) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([this.exit, late]);
    clearTimeout(timer);
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

/** The untyped title request of 0.3.318's `Query` (control request `generate_session_title`). */
interface TitleGenerator {
  generateSessionTitle(description: string, options: { persist: boolean }): Promise<unknown>;
}

/** The abort reason of every closed query (see `close`). */
const QUERY_CLOSED = new DOMException("the session's Claude Code query was closed", "AbortError");

/** Whether Claude Code has a stored transcript for this session (so a restart resumes it). */
export async function transcriptExists(sessionId: string, cwd: string): Promise<boolean> {
  try {
    return (await getSessionInfo(sessionId, { dir: cwd })) !== undefined;
  } catch {
    return false;
  }
}
