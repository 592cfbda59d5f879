import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../extensions/compose.js";
import {
  authMethods,
  LOGIN_METHOD_IDS,
  sessionAuthStatus,
  toAuthStatus,
  type AuthStatus,
  type ClaudeAuthStatus,
} from "./auth.js";

const command = { path: "/usr/bin/node", args: ["/opt/adapter.js"] };

describe("authMethods", () => {
  const terminalLogins = [
    {
      id: "claude-ai-login",
      name: "Claude Subscription",
      description: "Use Claude subscription ",
      type: "terminal",
      args: ["--cli", "auth", "login", "--claudeai"],
    },
    {
      id: "console-login",
      name: "Anthropic Console",
      description: "Use Anthropic Console (API usage billing)",
      type: "terminal",
      args: ["--cli", "auth", "login", "--console"],
    },
  ];

  it("gives an auth.terminal client the two terminal logins", () => {
    const profile = parseClientProfile({ auth: { terminal: true } });
    expect(authMethods(profile, command)).toEqual(terminalLogins);
  });

  it("gives a Zed terminal-auth client the terminal logins with the whole command in _meta", () => {
    const zedMeta = (args: string[], label: string) => ({
      _meta: {
        "terminal-auth": { command: "/usr/bin/node", args: ["/opt/adapter.js", ...args], label },
      },
    });
    const expected = [
      { ...terminalLogins[0], ...zedMeta(terminalLogins[0]!.args, "Claude Login") },
      { ...terminalLogins[1], ...zedMeta(terminalLogins[1]!.args, "Anthropic Console Login") },
    ];
    expect(authMethods(parseClientProfile({ _meta: { "terminal-auth": true } }), command)).toEqual(
      expected,
    );
    // Declaring both forms changes nothing.
    const both = parseClientProfile({ auth: { terminal: true }, _meta: { "terminal-auth": true } });
    expect(authMethods(both, command)).toEqual(expected);
  });

  it("gives any other client nothing it cannot run", () => {
    expect(authMethods(parseClientProfile({}), command)).toEqual([]);
  });

  it("adds the gateway sign-in after the logins for a client that declared it", () => {
    const gateway = (protocol: string) => ({
      name: "Custom model gateway",
      description: "Use a custom gateway to authenticate and access models",
      _meta: { gateway: { protocol } },
    });
    const methods = [
      { id: "gateway", ...gateway("anthropic") },
      { id: "gateway-bedrock", ...gateway("bedrock") },
    ];
    expect(
      authMethods(parseClientProfile({ auth: { _meta: { gateway: true } } }), command),
    ).toEqual(methods);
    const both = parseClientProfile({ auth: { terminal: true, _meta: { gateway: true } } });
    expect(authMethods(both, command, false, true).map((m) => m.id)).toEqual([
      "claude-login",
      "gateway",
      "gateway-bedrock",
    ]);
  });

  it("knows the login ids", () => {
    expect([...LOGIN_METHOD_IDS]).toEqual(["claude-ai-login", "console-login", "claude-login"]);
  });
});

describe("toAuthStatus", () => {
  it.each<[string, ClaudeAuthStatus | undefined, AuthStatus]>([
    ["an unknown status", undefined, { kind: "none", label: "Not logged in" }],
    [
      "logged out",
      { loggedIn: false, authMethod: "api_key" },
      { kind: "none", label: "Not logged in" },
    ],
    [
      "an API key with its source",
      { loggedIn: true, authMethod: "api_key", apiKeySource: "ANTHROPIC_API_KEY" },
      { kind: "api_key", label: "Anthropic API key", detail: "ANTHROPIC_API_KEY" },
    ],
    [
      "an API key",
      { loggedIn: true, authMethod: "api_key" },
      { kind: "api_key", label: "Anthropic API key" },
    ],
    [
      "a claude.ai account",
      {
        loggedIn: true,
        authMethod: "claude.ai",
        email: "a@b.c",
        orgName: "Org",
        subscriptionType: "max",
      },
      {
        kind: "account",
        label: "a@b.c",
        account: { email: "a@b.c", organization: "Org", plan: "max" },
      },
    ],
    [
      "an OAuth token with an organisation only",
      { loggedIn: true, authMethod: "oauth_token", orgName: "Org" },
      { kind: "account", label: "Claude account", account: { organization: "Org" } },
    ],
    [
      "a subscription with a plan only",
      { loggedIn: true, authMethod: "subscription", subscriptionType: "pro" },
      { kind: "account", label: "Claude account", account: { plan: "pro" } },
    ],
    [
      "an account with nothing known",
      { loggedIn: true, authMethod: "claude.ai" },
      { kind: "account", label: "Claude account" },
    ],
    [
      "a cloud provider",
      { loggedIn: true, authMethod: "third_party", apiProvider: "bedrock" },
      { kind: "external", label: "bedrock" },
    ],
    [
      "the first-party provider by another method",
      { loggedIn: true, authMethod: "gateway_token", apiProvider: "firstParty" },
      { kind: "external", label: "gateway_token" },
    ],
    ["nothing but logged in", { loggedIn: true }, { kind: "external", label: "Logged in" }],
  ])("%s", (_name, status, expected) => {
    // Strict: an absent detail or account is no key at all on the wire.
    expect(toAuthStatus(status)).toStrictEqual(expected);
  });
});

describe("sessionAuthStatus", () => {
  const keyAccount = { apiKeySource: "ANTHROPIC_API_KEY", apiProvider: "firstParty" };

  it("tells an ANTHROPIC_API_KEY login as the probe's answer for it would", () => {
    const probed = toAuthStatus({
      loggedIn: true,
      authMethod: "api_key",
      apiProvider: "firstParty",
      apiKeySource: "ANTHROPIC_API_KEY",
    });
    expect(sessionAuthStatus(keyAccount, true)).toStrictEqual(probed);
    expect(sessionAuthStatus({ apiKeySource: "ANTHROPIC_API_KEY" }, true)).toStrictEqual(probed);
  });

  it("tells nothing for any other login, nor without the key in this process's environment", () => {
    expect(sessionAuthStatus(keyAccount, false)).toBeUndefined();
    expect(sessionAuthStatus(undefined, true)).toBeUndefined();
    expect(sessionAuthStatus({ apiProvider: "firstParty" }, true)).toBeUndefined();
    expect(sessionAuthStatus({ apiKeySource: "apiKeyHelper" }, true)).toBeUndefined();
    expect(sessionAuthStatus({ subscriptionType: "max", email: "a@b.c" }, true)).toBeUndefined();
    expect(sessionAuthStatus({ ...keyAccount, apiProvider: "bedrock" }, true)).toBeUndefined();
  });
});
