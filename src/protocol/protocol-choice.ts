/**
 * Which ACP versions a connection serves: `auto` serves a client the highest version it
 * asks for (v2 for a client asking ≥ 2, else v1); `v1` negotiates a v2 client down;
 * `v2` rejects a v1 client's `initialize`.
 */
export type ProtocolChoice = "auto" | "v1" | "v2";

/** The environment variable that limits the adapter to one protocol version. */
export const PROTOCOL_ENV = "CLAUDE_AGENT_ACP_PROTOCOL";

/** A value of `CLAUDE_AGENT_ACP_PROTOCOL` the adapter does not know. */
export class BadProtocolChoice extends Error {}

/** `CLAUDE_AGENT_ACP_PROTOCOL`: unset or empty is `auto`; an unknown value throws. */
export function parseProtocolChoice(value: string | undefined): ProtocolChoice {
  if (value === undefined || value === "" || value === "auto") return "auto";
  if (value === "v1" || value === "v2") return value;
  throw new BadProtocolChoice(
    `${PROTOCOL_ENV} must be "v1", "v2" or "auto", not ${JSON.stringify(value)}`,
  );
}
