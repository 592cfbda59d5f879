import { ownField } from "../../util/plain-data.js";
import { ZED_CLIENT_FLAGS } from "./keys.js";

/** What a client declared of the Zed conventions in `clientCapabilities._meta`. */
export interface ZedProfile {
  /** The terminal channel: `terminal_output`, or `terminal_output_delta`, which implies it. */
  readonly terminalOutput: boolean;
  /** The client appends output (`terminal_output_delta` instead of `terminal_output`). */
  readonly terminalOutputDelta: boolean;
  /** The terminal login command goes on the auth methods. */
  readonly terminalAuth: boolean;
  /** Subagents as a flat transcript on the root session. */
  readonly subagentTranscript: boolean;
}

/** `true` only for the literal boolean `true`: `"true"` or `1` enables nothing. */
function flag(meta: unknown, key: string): boolean {
  return ownField(meta, key) === true;
}

/** Reads the Zed flags of `clientCapabilities._meta` (already plain data). */
export function parseZedProfile(meta: unknown): ZedProfile {
  const terminalOutputDelta = flag(meta, ZED_CLIENT_FLAGS.terminalOutputDelta);
  return Object.freeze({
    terminalOutput: flag(meta, ZED_CLIENT_FLAGS.terminalOutput) || terminalOutputDelta,
    terminalOutputDelta,
    terminalAuth: flag(meta, ZED_CLIENT_FLAGS.terminalAuth),
    subagentTranscript: flag(meta, ZED_CLIENT_FLAGS.subagentTranscript),
  });
}
