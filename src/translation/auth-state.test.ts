import { describe, expect, it } from "vitest";
import { toAuthState } from "./auth-state.js";

describe("toAuthState", () => {
  it.each([
    ["Claude Code could not tell", undefined, { state: "unknown" }],
    ["no login", { kind: "none", label: "Not logged in" } as const, { state: "unauthenticated" }],
    [
      "a Max account with its email and organization",
      {
        kind: "account",
        label: "a@b.c",
        account: { email: "a@b.c", organization: "Org", plan: "max" },
      } as const,
      {
        state: "authenticated",
        accounts: [{ label: "Claude Max", active: true, email: "a@b.c", organization: "Org" }],
      },
    ],
    [
      "an account that names nothing",
      { kind: "account", label: "Claude account" } as const,
      { state: "authenticated", accounts: [{ label: "Claude account", active: true }] },
    ],
    [
      "an API key",
      { kind: "api_key", label: "Anthropic API key", detail: "ANTHROPIC_API_KEY" } as const,
      { state: "authenticated", accounts: [{ label: "Anthropic API key", active: true }] },
    ],
  ])("%s", (_name, status, expected) => {
    expect(toAuthState(status)).toStrictEqual(expected);
  });
});
