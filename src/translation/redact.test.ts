import { describe, expect, it } from "vitest";
import { redactForUser } from "./redact.js";

describe("redactForUser", () => {
  it.each([
    ["API key", "bad key sk-ant-api03-abcdefGHIJ_123-xyz given", "sk-ant"],
    ["bearer token", "Authorization failed: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig", "eyJhbGci"],
    ["credential in URL", "proxy https://alice:s3cr3t@proxy.example.com:8080 refused", "s3cr3t"],
    ["x-api-key header", 'headers {"x-api-key": "abc123secretvalue"}', "abc123secretvalue"],
    ["internal URL", "upstream http://10.1.2.3:9000/v1/messages timed out", "10.1.2.3"],
    ["loopback URL", "see http://127.0.0.1:43121/v1/messages", "127.0.0.1"],
    ["internal host", "at https://gateway.corp/api failed", "gateway.corp"],
    ["bare internal host", "check your inference gateway (127.0.0.1:41177).", "127.0.0.1"],
    ["bare localhost", "connect ECONNREFUSED localhost:8080", "localhost:8080"],
    [
      "stack trace",
      "Error: boom\n    at fetch (/srv/app/node_modules/x.js:1:2)\n    at main",
      "node_modules/x.js",
    ],
    ["home path", "could not open /home/alice/project/.env", "/home/alice"],
    ["root path", "ENOENT: '/root/.claude/settings.json'", "/root/.claude"],
    ["windows path", "missing C:\\Users\\bob\\secrets.txt", "C:\\Users"],
  ])("removes %s", (_name, input, leaked) => {
    const out = redactForUser(input);
    expect(out).not.toContain(leaked);
  });

  it("blanks literal secrets passed by the caller", () => {
    expect(redactForUser("key was my-special-key-42", { secrets: ["my-special-key-42"] })).toBe(
      "key was [redacted]",
    );
  });

  it("keeps the readable part of a message", () => {
    expect(
      redactForUser("API Error: 429 Rate limited. See https://docs.anthropic.com/en/api/errors"),
    ).toBe("API Error: 429 Rate limited. See https://docs.anthropic.com/en/api/errors");
  });

  it("bounds the length", () => {
    expect(redactForUser("x".repeat(5000)).length).toBeLessThanOrEqual(2001);
  });
});
