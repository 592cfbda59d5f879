import { z } from "zod";
import { ownField, toPlainData } from "../util/plain-data.js";

/**
 * The ONE immutable description of what the connected client negotiated at
 * `initialize`. Every client choice the adapter makes reads this object; nothing else
 * re-reads raw client capabilities.
 *
 * Each part is parsed on its own from plain data: a malformed part enables nothing and
 * leaves the other parts intact (air-extensions.md "Client declaration").
 */
export interface ClientProfile {
  /** Zed convention: `_meta.terminal_output: true` — the terminal channel. */
  readonly terminalOutput: boolean;
  /** JetBrains key: `_meta.terminal_output_delta: true` — appended output; enables the channel. */
  readonly terminalOutputDelta: boolean;
  /** Zed convention: `_meta["terminal-auth"]: true`. */
  readonly terminalAuth: boolean;
  /** `_meta["subagent-transcript"]: true` — flat subagent transcript on the root session. */
  readonly subagentTranscript: boolean;
  readonly fs: { readonly read: boolean; readonly write: boolean };
  readonly terminal: boolean;
  readonly elicitation: { readonly form: boolean; readonly url: boolean };
  readonly session: {
    readonly notices: boolean;
    readonly compaction: boolean;
    readonly booleanConfigOptions: boolean;
  };
  readonly subagents: boolean;
  readonly plan: boolean;
  readonly authTerminal: boolean;
  readonly air: AirProfile;
}

export interface AirProfile {
  /** True for a client that declared a well-formed `_meta.jetbrains.air`. */
  readonly client: boolean;
  readonly capabilities: ReadonlySet<string>;
}

const airDeclaration = z.object({
  version: z.number().int().min(1).finite(),
  capabilities: z.array(z.unknown()),
});

/** `true` only for the literal boolean `true`. */
function flag(value: unknown): boolean {
  return value === true;
}

/** Present means an object (the ACP way to declare a capability). */
function declared(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function parseAir(meta: unknown): AirProfile {
  const parsed = airDeclaration.safeParse(ownField(ownField(meta, "jetbrains"), "air"));
  if (!parsed.success) return { client: false, capabilities: new Set() };
  const names = parsed.data.capabilities.filter((c): c is string => typeof c === "string");
  return { client: true, capabilities: new Set(names) };
}

export function parseClientProfile(rawCapabilities: unknown): ClientProfile {
  const caps = toPlainData(rawCapabilities);
  const meta = ownField(caps, "_meta");
  const fs = ownField(caps, "fs");
  const elicitation = ownField(caps, "elicitation");
  const session = ownField(caps, "session");
  const auth = ownField(caps, "auth");
  const terminalOutputDelta = flag(ownField(meta, "terminal_output_delta"));
  return Object.freeze({
    terminalOutput: flag(ownField(meta, "terminal_output")) || terminalOutputDelta,
    terminalOutputDelta,
    terminalAuth: flag(ownField(meta, "terminal-auth")),
    subagentTranscript: flag(ownField(meta, "subagent-transcript")),
    fs: Object.freeze({
      read: flag(ownField(fs, "readTextFile")),
      write: flag(ownField(fs, "writeTextFile")),
    }),
    terminal: flag(ownField(caps, "terminal")),
    elicitation: Object.freeze({
      form: declared(ownField(elicitation, "form")),
      url: declared(ownField(elicitation, "url")),
    }),
    session: Object.freeze({
      notices: declared(ownField(session, "notices")),
      compaction: declared(ownField(session, "compaction")),
      booleanConfigOptions: declared(ownField(ownField(session, "configOptions"), "boolean")),
    }),
    subagents: declared(ownField(caps, "subagents")),
    plan: declared(ownField(caps, "plan")),
    authTerminal: flag(ownField(auth, "terminal")),
    air: Object.freeze(parseAir(meta)),
  });
}

/** The profile of a client that declared nothing. */
export const PLAIN_CLIENT: ClientProfile = parseClientProfile({});
