import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { methods } from "@agentclientprotocol/sdk/unstable";
import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../profile/client-profile.js";
import type { SessionSetup } from "./start/query-setup.js";

/**
 * SDK messages the client hears of as notifications of their own, outside the session's
 * updates: the end of an MCP server's URL elicitation (`elicitation/complete`, features
 * 1i) for a client that takes URL elicitations. (The raw SDK tap is a message tap.)
 */
export class ClientNotifications {
  constructor(
    private readonly sessionId: string,
    private readonly client: ClientPort,
    private readonly urlElicitation: boolean,
  ) {}

  /** The notifications of a session, as its client and setup ask. */
  static for(setup: SessionSetup, client: ClientPort, profile: ClientProfile): ClientNotifications {
    return new ClientNotifications(setup.sessionId, client, profile.elicitation.url);
  }

  /** True for a message that is only a notification (the transcript has no place for it). */
  observe(message: SDKMessage): boolean {
    if (message.type !== "system" || message.subtype !== "elicitation_complete") return false;
    if (this.urlElicitation)
      void this.client.notify(methods.client.elicitation.complete, {
        elicitationId: message.elicitation_id,
      });
    return true;
  }
}
