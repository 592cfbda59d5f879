import type { InitializeResponse } from "@agentclientprotocol/sdk/unstable";
import { PACKAGE_VERSION } from "../util/version.js";
import type { AgentOptions } from "../agent/agent-options.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { AGENT_DECLARATIONS } from "../extensions/compose.js";
import { authMethods, isRemoteEnvironment } from "../translation/auth.js";

/** The fork-at-message RFD's capability (not in the ACP SDK's type yet). */
const FORK_AT_MESSAGE = { atMessageId: true } as Record<string, unknown>;

/** How a client starts this adapter again (for terminal logins): node and this script. */
function ownCommand(): { path: string; args: string[] } {
  return { path: process.execPath, args: process.argv[1] ? [process.argv[1]] : [] };
}

/**
 * The `initialize` answer. Capabilities are honest: a capability appears here only once
 * the adapter serves it end to end. What the client extensions add (`AGENT_DECLARATIONS`:
 * AIR's declaration in `_meta` and Lody's capabilities in `agentCapabilities._meta` to
 * their own clients only, `_meta.steering` to every client) follows the adapter's own keys.
 */
export function initializeResponse(
  profile: ClientProfile,
  options: AgentOptions = {},
): InitializeResponse {
  const declared = AGENT_DECLARATIONS.map((declaration) => declaration(profile));
  return {
    protocolVersion: 1,
    agentInfo: { name: "claude-agent-acp", title: "Claude Agent", version: PACKAGE_VERSION },
    agentCapabilities: {
      loadSession: true,
      promptCapabilities: { image: true, embeddedContext: true },
      mcpCapabilities: { http: true, sse: true },
      sessionCapabilities: {
        additionalDirectories: {},
        list: {},
        resume: {},
        // The fork-at-message RFD: `session/fork` takes a `messageId` (inclusive).
        fork: FORK_AT_MESSAGE,
        close: {},
        delete: {},
        // The standard unstable session methods (session-methods.ts).
        status: {},
        title: {},
        archive: {},
        // The client-system-prompt RFD: `append`, and `override` (Claude Code's own
        // instructions replaced).
        systemPrompt: { mode: { override: {} } },
        // The subagents RFD (draft, not in the ACP SDK's type yet): a client that
        // declares `clientCapabilities.subagents` gets subagents as child sessions.
        ...{ subagents: {} },
      },
      auth: { logout: {}, status: {} },
      // The custom-LLM-endpoint RFD (unstable): `providers/list`, `set`, `disable`.
      providers: {},
      // The session-rewind RFD (draft, not in the ACP SDK's type yet): `session/rewind`
      // and `session/edit_prompt`.
      ...{ rewindSession: { supported: true, supportsEditPrompt: true } },
      // The quotas RFD (not in the ACP SDK's type yet): `quota/read`, `quota_update`.
      ...{ quota: {} },
      _meta: {
        claudeCode: { promptQueueing: true },
        authStatus: {},
        ...keysOf(declared.map((part) => part.capabilitiesMeta)),
      },
    },
    authMethods: authMethods(
      profile,
      ownCommand(),
      options.hideClaudeAuth === true,
      isRemoteEnvironment(process.env),
    ),
    _meta: keysOf(declared.map((part) => part.answerMeta)),
  };
}

/** The keys of the declared parts, in their order (a part absent adds none). */
function keysOf(
  parts: readonly (Readonly<Record<string, unknown>> | undefined)[],
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const part of parts) if (part) Object.assign(merged, part);
  return merged;
}
