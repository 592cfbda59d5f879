import { describe, expect, it } from "vitest";
import { AdapterError } from "../util/adapter-error.js";
import { startupFailure } from "./startup-failure.js";

const PROXY =
  'Invalid proxy URL in HTTPS_PROXY: "htp://bad proxy" cannot be parsed as a URL.\nFix or unset HTTPS_PROXY and restart Claude Code.';

/** An error as the SDK rejects a refused start with (0.3.318). */
function refused(reason: unknown, message = `Claude Code returned an error result: ${PROXY}`) {
  return Object.assign(new Error(message), { startupFailureReason: reason });
}

describe("startupFailure", () => {
  it.each([
    [
      "a refused start: Claude Code's text, and the reason",
      refused("proxy_invalid"),
      "turnFailed",
      `Claude Code could not start: ${PROXY}`,
      "proxy_invalid",
    ],
    [
      "a sign-in its organisation needs is authRequired",
      refused("org_pin_mismatch", "Claude Code returned an error result: Sign in to Acme"),
      "authRequired",
      "Sign in to Acme",
      "org_pin_mismatch",
    ],
    [
      "a missing working directory is invalid input",
      refused("cwd_unavailable", "Claude Code returned an error result: no such dir"),
      "invalidInput",
      "no such dir",
      "cwd_unavailable",
    ],
    [
      "a message without the SDK's prefix is kept whole",
      refused("proxy_invalid", PROXY),
      "turnFailed",
      `Claude Code could not start: ${PROXY}`,
      "proxy_invalid",
    ],
  ])("%s", (_name, error, code, message, reason) => {
    const failure = startupFailure(error);
    expect(failure).toBeInstanceOf(AdapterError);
    expect([failure?.code, failure?.message, failure?.data]).toStrictEqual([
      code,
      message,
      { startupFailureReason: reason },
    ]);
  });

  it.each([
    ["an error without a reason", new Error("Claude Code process exited with code 1")],
    ["an empty reason", refused("")],
    ["a reason that is not text", refused(7)],
    ["a thrown value that is no error", "boom"],
  ])("leaves %s alone", (_name, error) => {
    expect(startupFailure(error)).toBeUndefined();
  });
});
