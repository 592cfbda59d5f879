import type { SessionConfigOption, SessionModeState } from "@agentclientprotocol/sdk/unstable";
import type { Session } from "../session/session.js";
import type { Opened } from "./session-opener.js";

/** What a session setup answers: its modes and config options. */
export interface SessionSetupAnswer {
  readonly modes: SessionModeState;
  readonly configOptions: SessionConfigOption[];
}

export function setupAnswer(session: Session): SessionSetupAnswer {
  return { modes: session.modes(), configOptions: session.configOptions() };
}

/** The setup answer of a resumed or forked session; a new start's notices follow it. */
export function announced({ session, fresh }: Opened): SessionSetupAnswer {
  if (fresh) setImmediate(() => void session.announce());
  return setupAnswer(session);
}
