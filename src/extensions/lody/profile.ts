import { ownField } from "../../util/plain-data.js";
import { LODY, LODY_CLIENT_KEYS } from "./keys.js";

/**
 * What a Lody client negotiated (lody-contract.md §1.2). `client`: it declared
 * `_meta.lody` as an object, so it gets the Lody agent declaration and the agent-only
 * features; the bilateral ones each need their own key.
 */
export interface LodyProfile {
  readonly client: boolean;
  /** `subagentEvents` with exactly `version: 1`: child work goes to `_lody/subagents/event`. */
  readonly subagentEvents: boolean;
  /**
   * `elicitation {version: 1, answerNotes: true}` and ACP form elicitation: a question's
   * pick and its separate note survive (contract §7.4, acceptance check 20).
   */
  readonly answerNotes: boolean;
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A feature object of literal `version: 1` (any other version is unsupported). */
function versionOne(value: unknown): boolean {
  return isObject(value) && ownField(value, "version") === 1;
}

/**
 * Reads `_meta.lody` of `clientCapabilities` (already plain data). Anything but an object
 * enables nothing; inside it, each key is read on its own.
 */
export function parseLodyProfile(meta: unknown, formElicitation: boolean): LodyProfile {
  const lody = ownField(meta, LODY);
  if (!isObject(lody)) return NOT_LODY;
  const elicitation = ownField(lody, LODY_CLIENT_KEYS.elicitation);
  return Object.freeze({
    client: true,
    subagentEvents: versionOne(ownField(lody, LODY_CLIENT_KEYS.subagentEvents)),
    answerNotes:
      formElicitation &&
      versionOne(elicitation) &&
      ownField(elicitation, LODY_CLIENT_KEYS.answerNotes) === true,
  });
}

const NOT_LODY: LodyProfile = Object.freeze({
  client: false,
  subagentEvents: false,
  answerNotes: false,
});
