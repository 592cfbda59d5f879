import { describe, expect, it } from "vitest";
import { redactForUser } from "../../util/redact.js";
import { failureTitle, retryTitle } from "./title.js";

const redact = (text: string) => redactForUser(text, { secrets: ["sk-ant-test-key-000000"] });

/** An upstream error body full of what must never reach a title. */
const LEAKY =
  "API Error: Request rejected (429) · quota exceeded for key sk-ant-api03-LEAKEDKEY123456 via " +
  "https://admin:hunter22@gateway.example.com/v1 (upstream http://10.20.30.40:8443/internal/messages) " +
  "config /root/.claude/credentials.json Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.leaked.token " +
  "key sk-ant-test-key-000000\n    at Gateway.forward (/srv/gateway/lib/proxy.js:88:13)";

describe("failureTitle", () => {
  it("keeps Claude's words and drops keys, credentials, transport URLs, hosts, paths, frames", () => {
    expect(failureTitle(LEAKY, redact)).toBe(
      "API Error: Request rejected (429) · quota exceeded for key [redacted-key] via [URL] " +
        "(upstream [internal URL]) config [path] Authorization: [redacted] [redacted] key [redacted]",
    );
  });

  it.each([
    [
      "Claude's own link stays",
      "You've hit your limit · see https://claude.ai/settings/usage for more",
      "You've hit your limit · see https://claude.ai/settings/usage for more",
    ],
    [
      "a docs link on an Anthropic domain stays",
      "See https://docs.anthropic.com/en/errors.",
      "See https://docs.anthropic.com/en/errors.",
    ],
    [
      "a look-alike domain is a transport URL",
      "Try https://claude.ai.evil.example/x now",
      "Try [URL] now",
    ],
    [
      "a transport URL that carries a Claude link",
      "via https://proxy.example/?to=https://claude.ai/x now",
      "via [URL] now",
    ],
    ["Claude's link without a path", "Go to https://claude.ai", "Go to https://claude.ai"],
    [
      "a frame without a name, two-digit lines and columns",
      "boom at (/a/b.js:12:34) at /srv/x.js:55:66 end",
      "boom end",
    ],
    ["a bare location at the start", "at /srv/x.js:5:6 boom", "boom"],
    ["plain http to Claude is not a user link", "go to http://claude.ai/x", "go to [URL]"],
    [
      "an inference gateway host",
      "API Error: 500 boom. If it persists, check your inference gateway (127.0.0.1:43661).",
      "API Error: 500 boom. If it persists, check your inference gateway ([internal host]).",
    ],
    [
      "a stack frame with Claude Code's advice after it",
      "API Error: 529 boom\n    at Gateway.forward (/srv/gateway/lib/proxy.js:88:13). This is a server-side issue.",
      "API Error: 529 boom. This is a server-side issue.",
    ],
    [
      "frames without a name, async ones, and bare locations",
      "boom at async (/a/b.js:1:2) and at new Foo (file:///x/y.js:3:4) and at /srv/x.js:5:6 end",
      "boom and and end",
    ],
    ["prose with 'at' stays", "Try again at 5pm (local time).", "Try again at 5pm (local time)."],
    ["whitespace collapses to one line", "  one\n\n  two\tthree  ", "one two three"],
  ])("%s", (_name, text, title) => {
    expect(failureTitle(text, redact)).toBe(title);
  });

  it.each([undefined, "", "   \n "])("no text (%j) is no title", (text) => {
    expect(failureTitle(text, redact)).toBeUndefined();
  });

  it("cuts a very long text at 1000 characters", () => {
    const title = failureTitle("x".repeat(1500), (t) => t);
    expect(title).toBe(`${"x".repeat(999)}…`);
    expect(failureTitle("y".repeat(1000), (t) => t)).toBe("y".repeat(1000));
  });
});

describe("retryTitle", () => {
  it.each([
    [1, 10, false, "Retrying Claude, attempt 1 of 10."],
    [3, 3, false, "Retrying Claude, attempt 3 of 3."],
    [2, 10, true, "Reconnecting to Claude, attempt 2 of 10."],
  ])("attempt %d of %d (connection: %s)", (attempt, max, connection, title) => {
    expect(retryTitle(attempt, max, connection)).toBe(title);
  });
});
