import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import { compactText } from "../../util/compact-text.js";
import { fenced } from "../tool-calls/reporter.js";

const SANDBOX_NETWORK = "SandboxNetworkAccess";
const COMPUTER_USE = "mcp__computer-use__";
const MAX_TITLE = 200;

/**
 * A Sandbox Network or Computer Use request: its tool name says nothing of what is
 * asked (the host to reach, the app to drive), so the request names it itself.
 */
function subjectless(toolName: string): boolean {
  return toolName === SANDBOX_NETWORK || toolName.startsWith(COMPUTER_USE);
}

/**
 * The request's own heading ("Tool call of the request"): a Sandbox Network request's
 * host, a Computer Use request's display name (the SDK's short name of the action);
 * undefined for any other tool, or when the value is not a usable heading.
 */
export function subjectTitle(
  toolName: string,
  input: Readonly<Record<string, unknown>>,
  displayName: string | undefined,
): string | undefined {
  if (toolName === SANDBOX_NETWORK) return compactText(input.host, MAX_TITLE);
  if (toolName.startsWith(COMPUTER_USE)) return compactText(displayName, MAX_TITLE);
  return undefined;
}

/**
 * What a client that is not AIR is shown of a Sandbox Network or Computer Use request
 * without content of its own: the input as a JSON code block (S000 "Tool call of the
 * request", as upstream), so it approves the host or the action it reads. Undefined for
 * any other tool, or when the request has content.
 */
export function inputFallback(
  toolName: string,
  input: Readonly<Record<string, unknown>>,
  content: readonly ToolCallContent[] | null | undefined,
): ToolCallContent[] | undefined {
  if (!subjectless(toolName) || (content && content.length > 0)) return undefined;
  const text = fenced(JSON.stringify(input, null, 2), "json");
  return [{ type: "content", content: { type: "text", text } }];
}
