import { invalidParams } from "./errors.js";

function isObject(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * `initialize`'s `clientCapabilities` must be an object, and so must its `fs`; its
 * `terminal` is a boolean (ACP v1) or an object. Anything else is a broken client:
 * `invalidParams`, rather than a profile that silently enables nothing. Inside these,
 * a malformed part still only enables nothing (see `parseClientProfile`).
 */
export function checkClientCapabilities(capabilities: unknown): void {
  if (capabilities === undefined) return;
  if (!isObject(capabilities)) throw invalidParams("clientCapabilities must be an object");
  const { fs, terminal } = capabilities as { fs?: unknown; terminal?: unknown };
  if (fs !== undefined && !isObject(fs)) {
    throw invalidParams("clientCapabilities.fs must be an object");
  }
  if (terminal !== undefined && typeof terminal !== "boolean" && !isObject(terminal)) {
    throw invalidParams("clientCapabilities.terminal must be a boolean");
  }
}
