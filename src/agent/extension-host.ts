import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../profile/client-profile.js";
import type { MethodHost } from "../profile/extension-methods.js";
import type { Session } from "../session/session.js";
import type { QuotaBook } from "../translation/quota/book.js";
import type { SessionControls } from "./session-controls.js";
import type { SessionIndexControls } from "./session-index-controls.js";
import type { SessionRegistry } from "./session-registry.js";

declare module "../profile/extension-methods.js" {
  /** What the agent lends the extensions' own methods (`extensions/<name>/methods.ts`). */
  interface MethodHost {
    /** The negotiated client (the plain one before `initialize`). */
    profile(): ClientProfile;
    /** A live session of the connection; throws `unknownSession` for any other id. */
    session(sessionId: string): Session;
    /** The connection's client (throws before the connection is ready). */
    client(): ClientPort;
    /** The login's Claude subscription, as last probed (`AuthTracker.plan`). */
    plan(): string | undefined;
    /** `_session/steering` and AIR's `_session/goal`, served by the agent. */
    readonly controls: SessionControls;
    /** AIR's session index, served by the agent (its list subscriptions are the connection's). */
    readonly sessionIndex: SessionIndexControls;
    /** The account's quota book, one per process (Lody's rate limits read it). */
    readonly quota: QuotaBook;
  }
}

/** What the agent has that its extensions' methods use. */
export interface ExtensionHostParts {
  readonly sessions: SessionRegistry;
  readonly profile: () => ClientProfile;
  readonly client: () => ClientPort;
  readonly plan: () => string | undefined;
  readonly controls: SessionControls;
  readonly sessionIndex: SessionIndexControls;
  readonly quota: QuotaBook;
}

/** The agent's `MethodHost`, over its parts. */
export function extensionHost(parts: ExtensionHostParts): MethodHost {
  return {
    profile: parts.profile,
    session: (sessionId) => parts.sessions.get(sessionId),
    client: parts.client,
    plan: parts.plan,
    controls: parts.controls,
    sessionIndex: parts.sessionIndex,
    quota: parts.quota,
  };
}
