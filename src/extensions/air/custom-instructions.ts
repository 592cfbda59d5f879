import { ownField, toPlainData } from "../../util/plain-data.js";
import { AIR, CUSTOM_INSTRUCTIONS, JETBRAINS } from "./keys.js";

/**
 * `_meta.jetbrains.air.customInstructions` of a session lifecycle request (new, load,
 * resume, fork): the user's instructions for Claude, or undefined when the request has
 * no text there. Read only for a client that declared `customInstructions`.
 */
export function readCustomInstructions(meta: unknown): string | undefined {
  const air = ownField(ownField(toPlainData(meta), JETBRAINS), AIR);
  const text = ownField(air, CUSTOM_INSTRUCTIONS);
  return typeof text === "string" ? text : undefined;
}
