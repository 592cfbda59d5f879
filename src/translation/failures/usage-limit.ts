/**
 * The stable starts of the SDK's synthetic usage- and spend-limit messages: the SDK's
 * `USAGE_LIMIT_ERROR_PREFIXES` (0.3.318), kept here because only `sdk/` may load the SDK
 * at runtime. `usage-limit.test.ts` fails when the SDK's list changes.
 */
export const USAGE_LIMIT_PREFIXES: readonly string[] = [
  "You've hit your",
  "You've reached your",
  "You're out of usage credits",
  "Your org is out of usage · add funds to continue",
  "Your org is out of usage · contact your admin",
  "Your seat type doesn't include usage credits",
  "Your seat type doesn't include usage",
  "Your usage allocation has been disabled by your admin",
  "Your group's usage limit is set to $0",
  "Fable 5 requires usage credits",
  "You're out of extra usage",
  "Your seat type doesn't include extra usage",
];

/** The model name Claude Code writes on the messages it makes up itself. */
export const SYNTHETIC_MODEL = "<synthetic>";

/** `text` is one of the SDK's usage-limit messages (not model prose that mentions one). */
export function isUsageLimitText(text: string | undefined): boolean {
  if (text === undefined) return false;
  for (const prefix of USAGE_LIMIT_PREFIXES) if (text.startsWith(prefix)) return true;
  return false;
}
