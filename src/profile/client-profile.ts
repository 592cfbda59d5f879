import { parseAirProfile, type AirProfile } from "../extensions/air/profile.js";
import { parseGatewayProfile } from "../extensions/gateway/profile.js";
import { parseLodyProfile, type LodyProfile } from "../extensions/lody/profile.js";
import { parseV2Profile, type V2Profile } from "../extensions/v2/profile.js";
import { parseZedProfile, type ZedProfile } from "../extensions/zed/profile.js";
import { ownField, toPlainData } from "../util/plain-data.js";
import { NO_HOOKS, type ExtensionHooks } from "./hooks.js";

export type { AirProfile } from "../extensions/air/profile.js";
export type { ZedProfile } from "../extensions/zed/profile.js";
export type { LodyProfile } from "../extensions/lody/profile.js";
export type { V2Profile } from "../extensions/v2/profile.js";

/**
 * The ONE immutable description of what the connected client negotiated at
 * `initialize`. Every client choice the adapter makes reads this object; nothing else
 * re-reads raw client capabilities. It sits below every layer that differs per client.
 *
 * The standard ACP capabilities are read here; each `_meta` namespace by its extension's
 * own parser (`extensions/<name>/profile.ts`), which gives named booleans. Each part is
 * parsed on its own from plain data: a malformed part enables nothing and leaves the
 * other parts intact (air-extensions.md "Client declaration").
 */
export interface ClientProfile {
  readonly fs: { readonly read: boolean; readonly write: boolean };
  readonly terminal: boolean;
  readonly elicitation: { readonly form: boolean; readonly url: boolean };
  readonly session: {
    readonly notices: boolean;
    readonly compaction: boolean;
    readonly booleanConfigOptions: boolean;
    /** The quotas RFD's `session.quota`: `quota_update`s (every v2 client takes them). */
    readonly quota: boolean;
  };
  readonly subagents: boolean;
  readonly plan: boolean;
  readonly authTerminal: boolean;
  /** `auth.status` declared: the standard `auth/status_update` notification. */
  readonly authStatusUpdates: boolean;
  /** The Zed gateway sign-in (`auth._meta.gateway`): the gateway auth methods. */
  readonly authGateway: boolean;
  /** The Zed conventions (`_meta.terminal_output`, ...). */
  readonly zed: ZedProfile;
  /** JetBrains AIR (`_meta.jetbrains.air`). */
  readonly air: AirProfile;
  /** Lody (`_meta.lody`). */
  readonly lody: LodyProfile;
  /** The draft ACP v2, when the v2 method table negotiated it (no capability: the protocol). */
  readonly v2: V2Profile;
  /** What the negotiated extensions do at the core's hook points (`profile/hooks.ts`). */
  readonly hooks: ExtensionHooks;
}

/** The negotiated flags, before the composition adds the extensions' hooks. */
export type ProfileFlags = Omit<ClientProfile, "hooks">;

/** `true` only for the literal boolean `true`. */
function flag(value: unknown): boolean {
  return value === true;
}

/** Present means an object (the ACP way to declare a capability). */
function declared(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The profile of `rawCapabilities` with `hooks` (the composition's `parseClientProfile`
 * passes the negotiated extensions' hooks; none by default). `protocolVersion`: the ACP
 * version the connection negotiated (2: the v2 method table). `asSent`: the capabilities
 * as the client sent them, before the ACP SDK's schema dropped the markers it does not
 * know yet (`session.quota`, `auth.status`).
 */
export function readClientProfile(
  rawCapabilities: unknown,
  protocolVersion = 1,
  hooksOf: (flags: ProfileFlags) => ExtensionHooks = () => NO_HOOKS,
  asSent: unknown = rawCapabilities,
): ClientProfile {
  const caps = toPlainData(rawCapabilities);
  const sent = toPlainData(asSent);
  const meta = ownField(caps, "_meta");
  const fs = ownField(caps, "fs");
  const elicitation = ownField(caps, "elicitation");
  const session = ownField(caps, "session");
  const formElicitation = declared(ownField(elicitation, "form"));
  const flags: ProfileFlags = {
    fs: Object.freeze({
      read: flag(ownField(fs, "readTextFile")),
      write: flag(ownField(fs, "writeTextFile")),
    }),
    terminal: flag(ownField(caps, "terminal")),
    elicitation: Object.freeze({
      form: formElicitation,
      url: declared(ownField(elicitation, "url")),
    }),
    session: Object.freeze({
      notices: declared(ownField(session, "notices")),
      compaction: declared(ownField(session, "compaction")),
      booleanConfigOptions: declared(ownField(ownField(session, "configOptions"), "boolean")),
      quota: protocolVersion >= 2 || declared(ownField(ownField(sent, "session"), "quota")),
    }),
    subagents: declared(ownField(caps, "subagents")),
    plan: declared(ownField(caps, "plan")),
    authTerminal: flag(ownField(ownField(caps, "auth"), "terminal")),
    authStatusUpdates: declared(ownField(ownField(sent, "auth"), "status")),
    authGateway: parseGatewayProfile(ownField(ownField(caps, "auth"), "_meta")),
    zed: parseZedProfile(meta),
    air: parseAirProfile(meta),
    lody: parseLodyProfile(meta, formElicitation),
    v2: parseV2Profile(protocolVersion),
  };
  return Object.freeze({ ...flags, hooks: hooksOf(flags) });
}

/** The profile of a client that declared nothing. */
export const PLAIN_CLIENT: ClientProfile = readClientProfile({});
