import { describe, expect, it } from "vitest";
import { processSecrets, redactForUser } from "./redact.js";

// Every case states the whole output: the rules overlap (a loopback URL is also a bare
// loopback host), so "the secret is gone" would pass with a rule deleted or cut short.

describe("redactForUser: secrets", () => {
  it.each([
    [
      "sk- API key, whole",
      "bad key sk-ant-api03-abcdefGHIJ_123-xyz given",
      "bad key [redacted-key] given",
    ],
    ["sk- key of 8 characters", "key sk-abcdefgh.", "key [redacted-key]."],
    ["sk- prefix with a short tail stays", "flag sk-abc is short", "flag sk-abc is short"],
    [
      "Bearer token",
      "Authorization failed: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig",
      "Authorization failed: Bearer [redacted]",
    ],
    ["Bearer with two spaces", "got Bearer  abcdef123456 back", "got Bearer [redacted] back"],
    ["Basic credentials", "sent basic dXNlcjpwYXNz== upstream", "sent basic [redacted] upstream"],
    ["Bearer word without a token stays", "a Bearer abc here", "a Bearer abc here"],
    [
      "credential in URL",
      "proxy https://alice:s3cr3t@proxy.example.com:8080 refused",
      "proxy https://[redacted]@proxy.example.com:8080 refused",
    ],
    [
      "credential in URL at the start",
      "socks5://bob:pw@proxy.example.com refused",
      "socks5://[redacted]@proxy.example.com refused",
    ],
    [
      "credential with an empty password",
      "git+ssh://bob:@example.com/repo",
      "git+ssh://[redacted]@example.com/repo",
    ],
  ])("%s", (_name, input, output) => {
    expect(redactForUser(input)).toBe(output);
  });

  it.each([
    ["x-api-key JSON header", '{"x-api-key": "abc123secretvalue"}', '{"x-api-key": "[redacted]"}'],
    ["api_key=", "url?api_key=abc123&x=1", "url?api_key=[redacted]&x=1"],
    ["apikey=", "apikey=abc123 next", "apikey=[redacted] next"],
    ["api-key:", "api-key: abc123", "api-key: [redacted]"],
    ["access_token=", "access_token=ya29.abc,", "access_token=[redacted],"],
    ["accesstoken=", "accesstoken=ya29.abc", "accesstoken=[redacted]"],
    ["auth_token=", "auth_token=t0k3n;", "auth_token=[redacted];"],
    ["authtoken=", "authtoken=t0k3n", "authtoken=[redacted]"],
    ["token=", "token=abc}", "token=[redacted]}"],
    ["secret with quoted value", "secret='hunter22'", "secret='[redacted]'"],
    ["password with spaces around the colon", "password : hunter22", "password : [redacted]"],
    ["passwd=", "passwd=hunter22", "passwd=[redacted]"],
    ["authorization header", "Authorization: xyz987", "Authorization: [redacted]"],
    ["cookie header", "Cookie: sid=abc", "Cookie: [redacted]"],
    ["a secret name without a value stays", "the password is wrong", "the password is wrong"],
  ])("key-value pair: %s", (_name, input, output) => {
    expect(redactForUser(input)).toBe(output);
  });

  it("blanks literal secrets passed by the caller, everywhere they appear", () => {
    expect(
      redactForUser("key was my-special-key-42 (my-special-key-42)", {
        secrets: ["my-special-key-42"],
      }),
    ).toBe("key was [redacted] ([redacted])");
  });

  it("blanks a secret of six characters but not one of five (too common as a word)", () => {
    expect(redactForUser("abcdef and vwxyz", { secrets: ["abcdef", "vwxyz"] })).toBe(
      "[redacted] and vwxyz",
    );
  });
});

describe("redactForUser: internal hosts", () => {
  it.each([
    ["localhost", "see http://localhost:3000/v1/messages now", "see [internal URL] now"],
    ["loopback", "see http://127.0.0.1:43121/v1/messages", "see [internal URL]"],
    ["loopback, wide octets", "see http://127.100.200.255/x", "see [internal URL]"],
    ["any address", "bound to http://0.0.0.0:8080", "bound to [internal URL]"],
    [
      "10/8",
      "upstream http://10.1.2.3:9000/v1/messages timed out",
      "upstream [internal URL] timed out",
    ],
    ["10/8, wide octets", "upstream http://10.100.200.255/", "upstream [internal URL]"],
    ["192.168/16", "admin at https://192.168.1.20/admin", "admin at [internal URL]"],
    ["192.168/16, wide octets", "admin at https://192.168.100.200", "admin at [internal URL]"],
    ["172.16/12 low end", "http://172.16.0.1/", "[internal URL]"],
    ["172.16/12 middle", "http://172.20.10.1/", "[internal URL]"],
    ["172.16/12 high end", "http://172.31.255.254/", "[internal URL]"],
    ["172.16/12, wide octets", "http://172.30.100.200/", "[internal URL]"],
    [
      "169.254/16 (cloud metadata)",
      "GET http://169.254.169.254/latest/meta-data failed",
      "GET [internal URL] failed",
    ],
    ["169.254/16, two-digit octets", "GET http://169.254.10.20/", "GET [internal URL]"],
    ["IPv6 loopback", "dial http://[::1]:8080/x failed", "dial [internal URL] failed"],
    ["IPv6 link-local", "dial http://[fe80::1ff:fe23]/x", "dial [internal URL]"],
    ["*.internal", "call https://db.internal/q failed", "call [internal URL] failed"],
    ["*.local", "print to http://printer.local", "print to [internal URL]"],
    ["*.lan", "via http://router.lan:81/cgi", "via [internal URL]"],
    ["*.corp", "call https://gateway.corp/api failed", "call [internal URL] failed"],
    ["ends at a quote", 'url "http://localhost/a" bad', 'url "[internal URL]" bad'],
    ["ends at a parenthesis", "(see http://localhost/a)", "(see [internal URL])"],
    ["ends at a bracket", "[http://localhost/a]", "[[internal URL]]"],
    ["ends at an apostrophe", "'http://localhost/a'", "'[internal URL]'"],
  ])("URL to %s", (_name, input, output) => {
    expect(redactForUser(input)).toBe(output);
  });

  it.each([
    [
      "loopback with port",
      "check your gateway (127.0.0.1:41177).",
      "check your gateway ([internal host]).",
    ],
    ["loopback, wide octets", "from 127.100.200.255 on", "from [internal host] on"],
    [
      "localhost with port",
      "connect ECONNREFUSED localhost:8080",
      "connect ECONNREFUSED [internal host]",
    ],
    ["any address", "listening on 0.0.0.0", "listening on [internal host]"],
    ["10/8", "peer 10.20.30.40:22 reset", "peer [internal host] reset"],
    ["192.168/16", "peer 192.168.10.200 reset", "peer [internal host] reset"],
    ["172.16/12", "peer 172.16.100.200 reset", "peer [internal host] reset"],
    ["172.20", "peer 172.25.1.1 reset", "peer [internal host] reset"],
    ["172.31", "peer 172.31.1.1 reset", "peer [internal host] reset"],
    ["169.254/16", "peer 169.254.100.200 reset", "peer [internal host] reset"],
  ])("bare host: %s", (_name, input, output) => {
    expect(redactForUser(input)).toBe(output);
  });

  it.each([
    ["172.15 is public", "http://172.15.0.1/ and 172.15.0.1"],
    ["172.32 is public", "http://172.32.0.1/ and 172.32.0.1"],
    ["a public URL", "See https://docs.anthropic.com/en/api/errors"],
    // Names that start like a private address but are public DNS names.
    ["10.x name", "https://10.0.example.com/x"],
    ["127.x name", "https://127.1.example.com/x"],
    ["192.168.x name", "https://192.168.1.example.com/x"],
    ["172.16.x name", "https://172.16.1.example.com/x"],
    ["169.254.x name", "https://169.254.1.example.com/x"],
    ["a host named like a suffix", "https://local.example.com/x"],
  ])("keeps %s", (_name, input) => {
    expect(redactForUser(input)).toBe(input);
  });
});

describe("redactForUser: stack frames and paths", () => {
  it.each([
    [
      "frames, with the last one at the end",
      "Error: boom\n    at fetch (x.js:1:2)\n    at main",
      "Error: boom",
    ],
    ["a tab-indented frame", "Error: boom\n\tat main (x.js:1:2)\nafter", "Error: boom\nafter"],
    ["an unindented frame", "Error: boom\nat main (x.js:1:2)\nafter", "Error: boom\nafter"],
    ["a frame inside a file path", "Error\n    at f (/srv/app/x.js:1:2)\nok", "Error\nok"],
    ["a frame that is only a location", "E\n    at file:///srv/x.js:1:2\nok", "E\nok"],
    ["an async frame", "E\n    at async Promise.all (index 0)\nok", "E\nok"],
    ["a constructor frame", "E\n    at new Client (<anonymous>)\nok", "E\nok"],
    ["an aliased method", "E\n    at Foo.bar [as baz] (x.js:3:4)\nok", "E\nok"],
    ["an anonymous function", "E\n    at Object.<anonymous> (x.js:1:1)\nok", "E\nok"],
    ["an eval frame", "E\n    at eval (eval at run (x.js:1:1), <anonymous>:1:1)\nok", "E\nok"],
  ])("removes %s", (_name, input, output) => {
    expect(redactForUser(input)).toBe(output);
  });

  it("keeps 'at' inside a sentence", () => {
    expect(redactForUser("what failed at step 2")).toBe("what failed at step 2");
  });

  it.each([
    ["a sentence that starts with 'at'", "at least one message is required"],
    ["an indented sentence", "Error:\n  at most 4 images are allowed"],
    ["a name followed by words", "at main, the request failed"],
  ])("keeps %s", (_name, text) => {
    expect(redactForUser(text)).toBe(text);
  });

  it.each([
    ["home path", "could not open /home/alice/project/.env", "could not open [path]"],
    ["path at the start", "/etc/app/config.json missing", "[path] missing"],
    ["path with a trailing slash", "in /home/alice/ now", "in [path] now"],
    ["quoted path", "ENOENT: '/root/.claude/settings.json'", "ENOENT: '[path]'"],
    ["path after =", "cwd=/srv/app/x", "cwd=[path]"],
    ["path in parentheses", "(/srv/app/x.js)", "([path])"],
    ["path after a comma", "a,/srv/app", "a,[path]"],
    ["path after a bracket", "[/srv/app]", "[[path]]"],
    ["one-segment path stays", "see /tmp now", "see /tmp now"],
    ["windows path", "missing C:\\Users\\bob\\secrets.txt", "missing [path]"],
    ["windows path at the start", "D:\\work\\a.txt missing", "[path] missing"],
    ["windows path, quoted", 'open "C:\\a\\b" failed', 'open "[path]" failed'],
  ])("%s", (_name, input, output) => {
    expect(redactForUser(input)).toBe(output);
  });
});

describe("redactForUser: layout and length", () => {
  it("keeps the readable part of a message", () => {
    expect(
      redactForUser("API Error: 429 Rate limited. See https://docs.anthropic.com/en/api/errors"),
    ).toBe("API Error: 429 Rate limited. See https://docs.anthropic.com/en/api/errors");
  });

  it("folds runs of blank lines into one and trims the ends", () => {
    expect(redactForUser("  \none\n\n\n\ntwo\nthree\n\n")).toBe("one\n\ntwo\nthree");
  });

  it("keeps exactly 2000 characters whole", () => {
    const text = "x".repeat(2000);
    expect(redactForUser(text)).toBe(text);
  });

  it("cuts longer text to 2000 characters and an ellipsis", () => {
    expect(redactForUser(`${"x".repeat(2000)}yz`)).toBe(`${"x".repeat(2000)}…`);
  });
});

describe("processSecrets", () => {
  it("reads the credential variables Claude Code may echo, in order, skipping unset ones", () => {
    expect(
      processSecrets({
        AWS_SESSION_TOKEN: "6",
        AWS_SECRET_ACCESS_KEY: "5",
        ANTHROPIC_CUSTOM_HEADERS: "4",
        CLAUDE_CODE_OAUTH_TOKEN: "3",
        ANTHROPIC_AUTH_TOKEN: "2",
        ANTHROPIC_API_KEY: "1",
        HOME: "/home/alice",
      }),
    ).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(processSecrets({ ANTHROPIC_AUTH_TOKEN: "2", PATH: "/bin" })).toEqual(["2"]);
  });
});
