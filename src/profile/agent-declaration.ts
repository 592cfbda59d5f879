import type { ClientProfile } from "./client-profile.js";

/**
 * What a client extension adds to the `initialize` answer, for the negotiated `profile`:
 * keys of `agentCapabilities._meta` and keys of the answer's own `_meta` (none: `{}`).
 * Each extension declares its own (`extensions/<name>/agent-declaration.ts`), deciding
 * from the profile whether this client gets it; `extensions/compose.ts` lists them in the
 * order their keys are added, and `protocol/initialize.ts` adds them without naming any.
 */
export type AgentDeclaration = (profile: ClientProfile) => {
  readonly capabilitiesMeta?: Readonly<Record<string, unknown>>;
  readonly answerMeta?: Readonly<Record<string, unknown>>;
};
