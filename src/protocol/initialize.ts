import type { InitializeResponse } from "@agentclientprotocol/sdk/unstable";
import { PACKAGE_VERSION } from "../util/version.js";
import type { ClientProfile } from "./client-profile.js";

/**
 * The `initialize` answer. Capabilities are honest: a capability appears here only once
 * the adapter serves it end to end.
 */
export function initializeResponse(_profile: ClientProfile): InitializeResponse {
  return {
    protocolVersion: 1,
    agentInfo: { name: "claude-agent-acp", title: "Claude Agent", version: PACKAGE_VERSION },
    agentCapabilities: {
      loadSession: false,
      promptCapabilities: { image: true, embeddedContext: true, audio: false },
      mcpCapabilities: { http: true, sse: true },
      sessionCapabilities: { additionalDirectories: {} },
      _meta: { claudeCode: { promptQueueing: true } },
    },
    authMethods: [],
  };
}
