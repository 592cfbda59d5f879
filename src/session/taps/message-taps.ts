import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { MessageTap, MessageTapParts } from "./message-tap.js";
import { quotaTap } from "./quota-tap.js";
import { taskEventsTap } from "../subagents/task-events.js";

/** The upstream extension notification of the raw SDK tap (features 1b, 1k). */
const RAW_SDK_MESSAGE = "_claude/sdkMessage";

/** `_meta.claudeCode.emitRawSDKMessages`: each SDK message as `_claude/sdkMessage`. */
function rawSdkTap({ sessionId, client }: MessageTapParts): MessageTap {
  return { observe: (message) => void client.notify(RAW_SDK_MESSAGE, { sessionId, message }) };
}

/** The taps a session with `parts` runs, in the order they read each message. */
export function messageTaps(parts: MessageTapParts): readonly MessageTap[] {
  const taps: MessageTap[] = [];
  if (parts.setup.rawSdkMessages) taps.push(rawSdkTap(parts));
  if (parts.setup.quota) taps.push(quotaTap(parts, parts.setup.quota));
  for (const tap of parts.profile.hooks.messageTaps ?? []) taps.push(...tap(parts));
  if (parts.titles) taps.push(parts.titles);
  if (parts.client.task) taps.push(taskEventsTap(parts));
  return taps;
}

// Index loops, not `for…of`: these run for every streamed delta, and an array iterator
// per loop was 3–6 MB of garbage over a 20,000-delta answer (bench/NOTES.md).

/** Every tap reads `message`, before the session routes it. */
export function tapsObserve(taps: readonly MessageTap[], message: SDKMessage): void {
  for (let i = 0; i < taps.length; i++) taps[i]!.observe(message);
}

/** Every tap's `routed`, after the session routed `message`. */
export function tapsRouted(taps: readonly MessageTap[], message: SDKMessage): void {
  for (let i = 0; i < taps.length; i++) taps[i]!.routed?.(message);
}
