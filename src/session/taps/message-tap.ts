import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ClientPort } from "../../client/client-port.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { ChildRoute } from "../subagents/child-route.js";
import type { Outbox } from "../outbox.js";
import type { SessionSetup } from "../start/query-setup.js";
import type { SessionOptions } from "../options/session-options.js";

/**
 * Something that reads every message of a session's Claude Code before the session
 * routes it, and changes nothing about that routing: the raw SDK tap, the Lody
 * accounting. Each is built only for a client that asked for it, so a session keeps no
 * work it does not need.
 */
export interface MessageTap {
  observe(message: SDKMessage): void;
  /** A new query started: `new`, or Claude Code's `claudeSessionId` resumed. */
  queryStarted?(start: "new" | "resume", claudeSessionId: string): void;
  /** After the session routed `message`: what follows the message's own updates. */
  routed?(message: SDKMessage): void;
}

/** What a tap may use: the session's id, setup, client, profile and ordered way out. */
export interface MessageTapParts {
  readonly sessionId: string;
  readonly cwd: string;
  readonly setup: SessionSetup;
  readonly client: ClientPort;
  readonly profile: ClientProfile;
  readonly outbox: Outbox;
  /** Where the session's subagents go (the child session of a subagent's task). */
  readonly subagents?: ChildRoute | undefined;
  /** The session's options (the models its children may run). */
  readonly options: SessionOptions;
  /** The session's titles, when they read the session's messages (Lody's). */
  readonly titles: MessageTap | undefined;
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * The extensions' Claude Code message taps of a session (Lody's accounting and turn
     * ids), after the raw SDK tap and before the titles' and the task events', in order.
     */
    readonly messageTaps?: readonly ((parts: MessageTapParts) => readonly MessageTap[])[];
  }
}
