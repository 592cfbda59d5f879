import type { ClientPort } from "../../client/client-port.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import { ClaudeQuery } from "../../sdk/claude-query.js";
import { questionHintsFor } from "../../translation/ask-user-question.js";
import { permissionRequestShape } from "../../translation/permissions/request.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import { signInNotice } from "../../translation/mcp-command.js";
import { previewsFileChanges } from "../../translation/tool-calls/decorators.js";
import type { Conversation } from "../turn/conversation.js";
import type { Lifecycle } from "../lifecycle.js";
import type { McpSignIn } from "../mcp/sign-in.js";
import type { Outbox } from "../outbox.js";
import type { PlanHandoff } from "../dialogs/permission-flow.js";
import { queryConfigFor, type SessionSetup } from "./query-setup.js";
import type { QuerySlot } from "./query-slot.js";
import type { SessionOptions } from "../options/session-options.js";
import { noticeUpdate, spawnFor, type SpawnPlan } from "./session-start.js";
import type { StartState } from "./start-state.js";
import type { OpenAsks } from "../turn/steering.js";
import type { ChildRoute } from "../subagents/child-route.js";
import { toolEventsFor } from "../turn/tool-events.js";

/** What starting a query needs of its session. */
export interface QueryStarterParts {
  readonly setup: SessionSetup;
  readonly profile: ClientProfile;
  readonly client: ClientPort;
  readonly lifecycle: Lifecycle;
  readonly startState: StartState;
  readonly outbox: Outbox;
  readonly subagents: ChildRoute | undefined;
  readonly translator: SdkMessageTranslator;
  readonly options: SessionOptions;
  readonly slot: QuerySlot;
  readonly conversation: Conversation;
  /** The session's open permission requests and elicitations (a steer then waits). */
  readonly asks: OpenAsks;
  /** Signs the MCP servers in again when a Claude Code replaces the first. */
  readonly mcpSignIn: McpSignIn;
  /**
   * A new query took the slot: a fresh conversation (`new`) or Claude Code's
   * `claudeSessionId` continued (`resume`), run by `query`.
   */
  queryStarted(start: "new" | "resume", claudeSessionId: string, query: ClaudeQuery): void;
  /** The user approved a plan with a clear context (`handOffPlan`). */
  handOffPlan(handoff: PlanHandoff, toolUseId: string, signal: AbortSignal): Promise<void>;
}

/**
 * Starts a session's Claude Code queries into its slot, each in the session's current
 * conversation and with the session's tool events. The first starts as `startClaude`
 * says, before or while the settings are read; every later one (a restart, a plan
 * handoff) as the settings say.
 */
export class QueryStarter {
  constructor(private readonly parts: QueryStarterParts) {}

  /** Starts a query as `spawn` says; it replaces the slot's query, if there is one. */
  start(start: "new" | "resume", spawn: SpawnPlan): ClaudeQuery {
    const { parts } = this;
    const events = toolEventsFor({
      sessionId: parts.setup.sessionId,
      client: parts.client,
      outbox: parts.outbox,
      subagents: parts.subagents,
      translator: parts.translator,
      previewFileChanges: previewsFileChanges(parts.profile),
      permissionShape: permissionRequestShape(parts.profile),
      questionHints: questionHintsFor(parts.profile),
      elicitation: parts.profile.elicitation,
      asks: parts.asks,
      turnSignal: () => parts.lifecycle.turn?.abort.signal,
      refusalKept: () => parts.lifecycle.turn?.keepRefusal(),
      offeredModes: () => parts.options.current?.offeredModes ?? new Set(),
      handOffPlan: (handoff, toolUseId, signal) => parts.handOffPlan(handoff, toolUseId, signal),
      modelSwitched: (requested, model) => parts.options.observeModel(requested, model),
    });
    const query = new ClaudeQuery(
      queryConfigFor({
        setup: parts.setup,
        profile: parts.profile,
        spawn,
        config: parts.options.current,
        claudeSessionId: parts.conversation.id,
        start,
        resumeAt: parts.conversation.resumeAt,
        events,
      }),
    );
    parts.queryStarted(start, parts.conversation.id, query);
    parts.slot.take(query);
    parts.mcpSignIn.queryStarted(query, (names) =>
      parts.outbox.announce(names.map((name) => noticeUpdate(parts.profile, signInNotice(name)))),
    );
    return query;
  }

  /** A query after the first (a restart, a plan handoff): started as the settings say. */
  replace(start: "new" | "resume"): ClaudeQuery {
    return this.start(start, spawnFor(this.parts.startState.plan));
  }
}
