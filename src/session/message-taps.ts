import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { LodyRateLimitsTap, LodyUsageTap } from "./lody-accounting.js";
import { turnIdUpdate } from "../extensions/lody/turns.js";
import type { ChildRoute } from "./child-route.js";
import type { Outbox } from "./outbox.js";
import type { SessionSetup } from "./query-setup.js";
import { quotaTap } from "./quota-tap.js";
import { taskEventsTap } from "./task-events.js";

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
  /** The session's titles, when they read the session's messages (Lody's). */
  readonly titles: MessageTap | undefined;
}

/** The upstream extension notification of the raw SDK tap (features 1b, 1k). */
const RAW_SDK_MESSAGE = "_claude/sdkMessage";

/** `_meta.claudeCode.emitRawSDKMessages`: each SDK message as `_claude/sdkMessage`. */
function rawSdkTap({ sessionId, client }: MessageTapParts): MessageTap {
  return { observe: (message) => void client.notify(RAW_SDK_MESSAGE, { sessionId, message }) };
}

/**
 * Lody's `turnId` (lody-contract.md §7.9): after each top-level assistant message, in
 * its place among the session's updates, its SDK uuid (a fork at that turn names it).
 */
function lodyTurnTap({ outbox }: MessageTapParts): MessageTap {
  return {
    observe: () => undefined,
    routed: (message) => {
      if (message.type === "assistant" && message.parent_tool_use_id === null) {
        outbox.send(turnIdUpdate(message.uuid));
      }
    },
  };
}

/** The taps a session with `parts` runs, in the order they read each message. */
export function messageTaps(parts: MessageTapParts): readonly MessageTap[] {
  const taps: MessageTap[] = [];
  if (parts.setup.rawSdkMessages) taps.push(rawSdkTap(parts));
  if (parts.setup.quota) taps.push(quotaTap(parts, parts.setup.quota));
  if (parts.profile.lody.client) taps.push(new LodyUsageTap(parts));
  const rateLimits = parts.setup.lodyRateLimits;
  if (parts.profile.lody.client && rateLimits) taps.push(new LodyRateLimitsTap(parts, rateLimits));
  if (parts.profile.lody.client) taps.push(lodyTurnTap(parts));
  if (parts.titles) taps.push(parts.titles);
  if (parts.client.task) taps.push(taskEventsTap(parts));
  return taps;
}
