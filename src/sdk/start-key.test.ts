import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { canonicalJson, startKey, type StartKeyInput } from "./start-key.js";

let configDir: string;
beforeEach(() => {
  configDir = mkdtempSync(join(tmpdir(), "start-key-"));
});
afterEach(() => rmSync(configDir, { recursive: true, force: true }));

function input(change: Partial<StartKeyInput> = {}, env: Record<string, string> = {}) {
  return {
    passThrough: {},
    settings: { permissions: { defaultMode: "default" }, model: "sonnet" },
    env: { PATH: "/usr/bin", HOME: "/home/u", CLAUDE_CONFIG_DIR: configDir, ...env },
    ...change,
  } satisfies StartKeyInput;
}

describe("the start key", () => {
  it("is the same for the same setup, whatever the order of the settings' keys", () => {
    const a = startKey(input({ settings: { model: "sonnet", availableModels: ["a", "b"] } }));
    const b = startKey(input({ settings: { availableModels: ["a", "b"], model: "sonnet" } }));
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ["the model variable", {}, { ANTHROPIC_MODEL: "opus" }],
    ["a default model variable", {}, { ANTHROPIC_DEFAULT_SONNET_MODEL: "my-sonnet" }],
    ["the base URL", {}, { ANTHROPIC_BASE_URL: "http://127.0.0.1:1" }],
    ["the Bedrock switch", {}, { CLAUDE_CODE_USE_BEDROCK: "1" }],
    ["the Vertex switch", {}, { CLAUDE_CODE_USE_VERTEX: "1" }],
    ["the cloud region", {}, { AWS_REGION: "eu-west-1" }],
    ["the config dir", {}, { CLAUDE_CONFIG_DIR: "/elsewhere" }],
    ["an API key being set", {}, { ANTHROPIC_API_KEY: "sk-1" }],
    ["the settings' model", { settings: { model: "haiku" } }, {}],
    [
      "the settings' available models",
      { settings: { model: "sonnet", availableModels: ["x"] } },
      {},
    ],
    ["the settings' env", { settings: { model: "sonnet", env: { ANTHROPIC_MODEL: "x" } } }, {}],
    ["the client's model option", { passThrough: { model: "opus" } }, {}],
    ["the client's env", { passThrough: { env: { ANTHROPIC_MODEL: "opus" } } }, {}],
    ["the client's executable", { passThrough: { pathToClaudeCodeExecutable: "/x/claude" } }, {}],
  ])("changes with %s", (_what, change: Partial<StartKeyInput>, env: Record<string, string>) => {
    expect(startKey(input(change, env))).not.toBe(startKey(input()));
  });

  it.each([
    [
      "the permission rules",
      { settings: { model: "sonnet", permissions: { allow: ["Bash"] } } },
      {},
    ],
    ["an unrelated variable", {}, { PATH: "/opt/bin", TERM: "xterm" }],
    ["what the adapter sets itself", {}, { CLAUDE_CODE_ENTRYPOINT: "sdk-ts" }],
    // The SDK sets it in this process at its first query(): a load before any start lacks it.
    ["what the SDK sets itself", {}, { CLAUDE_AGENT_SDK_VERSION: "0.3.318" }],
  ])("stays with %s", (_what, change: Partial<StartKeyInput>, env: Record<string, string>) => {
    expect(startKey(input(change, env))).toBe(startKey(input()));
  });

  it("counts a secret only as set, never by its value", () => {
    const one = startKey(input({}, { ANTHROPIC_API_KEY: "sk-one", CLAUDE_CODE_OAUTH_TOKEN: "t1" }));
    const two = startKey(input({}, { ANTHROPIC_API_KEY: "sk-two", CLAUDE_CODE_OAUTH_TOKEN: "t2" }));
    expect(one).toBe(two);
  });

  it("changes when the login is rewritten (the credentials file)", () => {
    const before = startKey(input());
    const credentials = join(configDir, ".credentials.json");
    writeFileSync(credentials, "{}");
    const loggedIn = startKey(input());
    expect(loggedIn).not.toBe(before);
    utimesSync(credentials, new Date(1_000_000), new Date(1_000_000));
    expect(startKey(input())).not.toBe(loggedIn);
  });

  it("changes with the Claude Code binary", () => {
    const binary = join(configDir, "claude");
    writeFileSync(binary, "v1");
    const env = { CLAUDE_CODE_EXECUTABLE: binary };
    const v1 = startKey(input({}, env));
    writeFileSync(binary, "v2 longer");
    expect(startKey(input({}, env))).not.toBe(v1);
  });
});

describe("canonicalJson", () => {
  it("sorts object keys at every depth and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,1]},"b":1}',
    );
  });
});
