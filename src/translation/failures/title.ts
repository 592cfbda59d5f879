/**
 * The `title` of a record (air-extensions.md "Title and details"): Claude's own
 * user-facing text, made safe. Raw exceptions, stack traces, transport URLs, tokens,
 * headers, environment values and private paths never reach it.
 */

/** Redaction of failure text (`util/user-text.ts` `redacted`, passed in: this stays pure). */
export type Redact = (text: string) => string;

/**
 * Links Claude writes for the user to follow (its own pages). Every other URL in an
 * error text is a transport URL (a gateway, a proxy) and is left out.
 */
const USER_LINK = /^https:\/\/([a-z0-9-]+\.)*(claude\.ai|claude\.com|anthropic\.com)(\/|$)/i;
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'()<>]+/gi;
/**
 * A stack frame inside a line, which the redaction's whole-line rule does not see:
 * Claude Code appends its own advice to the upstream text ("…(proxy.js:88:13). This is
 * a server-side issue…").
 */
const FRAME =
  /\s*\bat (?:async |new )?(?:[^\s()]+ )?\([^()\n]*:\d+:\d+\)|\s*\bat [^\s()]+:\d+:\d+/g;
const MAX_TITLE = 1000;

/**
 * Claude's failure text as a title: redacted (keys, tokens, headers, internal hosts,
 * stack frames, paths, env values), stack frames inside a line dropped, transport URLs
 * replaced, whitespace collapsed, and
 * cut at a length a transcript entry can show. Undefined when nothing is left.
 */
export function failureTitle(text: string | undefined, redact: Redact): string | undefined {
  if (text === undefined) return undefined;
  const safe = redact(text)
    .replace(FRAME, "")
    .replace(URL, (url) => (USER_LINK.test(url) ? url : "[URL]"))
    .replace(/\s+/g, " ")
    .trim();
  if (safe.length === 0) return undefined;
  return safe.length > MAX_TITLE ? `${safe.slice(0, MAX_TITLE - 1)}…` : safe;
}

/**
 * The title of an `api_retry` warning ("Categories and actions"): `Reconnecting` when
 * no HTTP response came (a connection error), else `Retrying`.
 */
export function retryTitle(attempt: number, maxRetries: number, connection: boolean): string {
  const verb = connection ? "Reconnecting to" : "Retrying";
  return `${verb} Claude, attempt ${attempt} of ${maxRetries}.`;
}

/** The adapter's own titles, for failures Claude sent no text for. */
export const OWN_TITLES = {
  transport_loss: "Claude Code stopped unexpectedly. Send the prompt again to continue.",
  internal: "Claude Code ended the turn with an error. Try again.",
} as const;
