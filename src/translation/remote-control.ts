/**
 * `/remote-control [name|off]` (features.md "Available commands", the reference's): the
 * adapter connects the session to claude.ai through the SDK, so it can be continued from
 * another device, or disconnects it. Claude Code's own command draws its terminal UI.
 */
export type RemoteControlCommand =
  { readonly action: "connect"; readonly name?: string } | { readonly action: "disconnect" };

/** The command's name in the menu and in a prompt. */
export const REMOTE_CONTROL_NAME = "remote-control";

/**
 * A prompt that is `/remote-control`, `/remote-control <session name>` or
 * `/remote-control off` (any case); undefined for any other prompt. Connecting is
 * idempotent: the command need not know whether Remote Control is on.
 */
export function parseRemoteControlCommand(text: string): RemoteControlCommand | undefined {
  const match = /^\/remote-control(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  const argument = match[1]?.trim();
  if (argument?.toLowerCase() === "off") return { action: "disconnect" };
  return argument ? { action: "connect", name: argument } : { action: "connect" };
}

/** Why a `/remote-control` is refused while Claude works: its answer is not a turn's. */
export const REMOTE_CONTROL_BUSY =
  "Remote Control can't be changed while Claude is working. Try again when the turn ends.";

/** The answer to a connect that worked, with the session's address when Claude Code names one. */
export function remoteControlOn(sessionUrl: string | undefined): string {
  return sessionUrl
    ? `Remote Control is active. Continue this session from claude.ai/code or the Claude mobile app:\n\n${sessionUrl}\n\nRun /remote-control off to disconnect.`
    : "Remote Control is active, but Claude Code did not return a session URL.";
}

/** The answer to a disconnect that worked. */
export const REMOTE_CONTROL_OFF = "Remote Control is off. Run /remote-control to reconnect.";

/** The answer to a connect or a disconnect that failed, with Claude Code's reason. */
export function remoteControlFailed(
  action: RemoteControlCommand["action"],
  reason: string,
): string {
  const what = action === "connect" ? "start" : "stop";
  return `Could not ${what} Remote Control: ${reason.trim() || "no reason given."}`;
}
