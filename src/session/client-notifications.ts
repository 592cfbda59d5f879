import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { methods } from "@agentclientprotocol/sdk/unstable";
import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../profile/client-profile.js";
import type { SessionSetup } from "./query-setup.js";

/** The upstream extension notification of the raw SDK tap (features 1b, 1k). */
const RAW_SDK_MESSAGE = "_claude/sdkMessage";

/**
 * SDK messages the client hears of as notifications of their own, outside the session's
 * updates: every message as is for a client that taps them (`_claude/sdkMessage`), and
 * the end of an MCP server's URL elicitation (`elicitation/complete`, features 1i) for a
 * client that takes URL elicitations.
 */
export class ClientNotifications {
  constructor(
    private readonly sessionId: string,
    private readonly client: ClientPort,
    private readonly rawSdkMessages: boolean,
    private readonly urlElicitation: boolean,
  ) {}

  /** The notifications of a session, as its client and setup ask. */
  static for(setup: SessionSetup, client: ClientPort, profile: ClientProfile): ClientNotifications {
    const raw = setup.rawSdkMessages === true;
    return new ClientNotifications(setup.sessionId, client, raw, profile.elicitation.url);
  }

  /** True for a message that is only a notification (the transcript has no place for it). */
  observe(message: SDKMessage): boolean {
    if (this.rawSdkMessages)
      void this.client.notify(RAW_SDK_MESSAGE, { sessionId: this.sessionId, message });
    if (message.type !== "system" || message.subtype !== "elicitation_complete") return false;
    if (this.urlElicitation)
      void this.client.notify(methods.client.elicitation.complete, {
        elicitationId: message.elicitation_id,
      });
    return true;
  }
}
