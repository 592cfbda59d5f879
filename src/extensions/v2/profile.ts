import { PROTOCOL_V2 } from "./keys.js";

/**
 * What a draft ACP v2 client takes that a v1 client with the same capabilities does not.
 * v2 has no client capability for it: the negotiated protocol says it.
 */
export interface V2Profile {
  /** Diffs carry `patch` (a Git patch), the approval of an edit its preview. */
  readonly filePatches: boolean;
}

export function parseV2Profile(protocolVersion: number): V2Profile {
  return Object.freeze({ filePatches: protocolVersion >= PROTOCOL_V2 });
}
