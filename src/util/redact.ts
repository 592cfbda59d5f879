/**
 * One redaction step for every text that reaches the client from an error.
 *
 * Upstream error bodies can carry API keys, bearer tokens, credentials inside URLs,
 * internal hosts, stack traces and file paths of this machine. None of them may reach a
 * user-facing message (design.md "Errors and bad input"). The step is pure: secrets
 * known to the process (env values) are passed in by the caller.
 */
export interface RedactionContext {
  /** Literal secret values to blank wherever they appear (e.g. the API key in use). */
  readonly secrets?: readonly string[];
}

const REPLACEMENTS: ReadonlyArray<readonly [RegExp, string]> = [
  // Credentials inside URLs: scheme://user:password@host
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s/@]*@/gi, "$1[redacted]@"],
  // Anthropic-style and generic sk- keys.
  [/\bsk-[A-Za-z0-9_-]{8,}/g, "[redacted-key]"],
  // Bearer / Basic authorization values.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi, "$1 [redacted]"],
  // key=value / "key": "value" pairs whose name says secret.
  [
    /((?:api[_-]?key|x-api-key|access[_-]?token|auth[_-]?token|token|secret|password|passwd|authorization|cookie)["']?\s*[:=]\s*["']?)[^\s"',;}&]+/gi,
    "$1[redacted]",
  ],
  // URLs to internal hosts: loopback, private ranges, link-local, *.internal/*.local/*.corp.
  [
    /\b[a-z][a-z0-9+.-]*:\/\/(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|169\.254(?:\.\d{1,3}){2}|\[[0-9a-f:]+\]|[a-z0-9.-]+\.(?:internal|local|corp|lan))(?::\d+)?[^\s"')\]]*/gi,
    "[internal URL]",
  ],
  // Bare internal hosts (no scheme), e.g. "gateway (127.0.0.1:41177)".
  [
    /\b(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|169\.254(?:\.\d{1,3}){2})(?::\d+)?\b/gi,
    "[internal host]",
  ],
  // Stack frames — the whole line: "at" and one name or location ("main", "file:///x.js:1:2",
  // "Object.<anonymous>", after "async " or "new "), an optional "[as alias]" and an
  // optional "(location)", and nothing else. A sentence that starts with "at" ("at least
  // one message is required") is not a frame and stays.
  [/^[ \t]*at (?:async |new )?[^\s()]+(?: \[as [^\]\n]+\])?(?: \([^\n]*\))?[ \t]*(?:\n|$)/gm, ""],
  // Absolute paths of this machine (POSIX and Windows); URL paths are not preceded by a
  // boundary character, so https://host/a/b stays.
  [/(^|[\s"'(=,[])(?:\/[A-Za-z0-9._@~+-]+){2,}\/?/g, "$1[path]"],
  [/(^|[\s"'(=,[])[A-Za-z]:\\(?:[^\\\s"']+\\?)+/g, "$1[path]"],
];

const MAX_LENGTH = 2000;

export function redactForUser(text: string, context: RedactionContext = {}): string {
  let out = text;
  for (const secret of context.secrets ?? []) {
    if (secret.length >= 6) out = out.split(secret).join("[redacted]");
  }
  for (const [pattern, replacement] of REPLACEMENTS) out = out.replace(pattern, replacement);
  out = out.replace(/\n{3,}/g, "\n\n").trim();
  return out.length > MAX_LENGTH ? `${out.slice(0, MAX_LENGTH)}…` : out;
}

/** Secret values this process knows about: the credentials Claude Code may echo back. */
export function processSecrets(env: NodeJS.ProcessEnv): string[] {
  const names = [
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "CLAUDE_CODE_OAUTH_TOKEN",
    "ANTHROPIC_CUSTOM_HEADERS",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
  ];
  return names.map((name) => env[name]).filter((v): v is string => typeof v === "string");
}
