import { TERMINAL_AUTH } from "./keys.js";

/**
 * A terminal login as Zed runs it (air-extensions.md "Zed conventions"): the auth
 * method's `_meta["terminal-auth"]` holds the command, its arguments and a label.
 */
export function terminalAuthMeta(
  command: string,
  args: readonly string[],
  label: string,
): Record<string, unknown> {
  return { [TERMINAL_AUTH]: { command, args: [...args], label } };
}
