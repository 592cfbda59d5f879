import { RequestError } from "@agentclientprotocol/sdk/unstable";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  authRequired,
  invalidInput,
  notOffered,
  requestCancelled,
  turnFailed,
  unknownSession,
} from "../util/adapter-error.js";
import { toRequestError } from "./errors.js";

const wire = (error: unknown) => {
  const e = toRequestError(error);
  return { code: e.code, message: e.message, data: e.data };
};

describe("toRequestError", () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    [
      "invalid input",
      invalidInput('unknown mode "x"', { modeId: "x" }),
      { code: -32602, message: 'Invalid params: unknown mode "x"', data: { modeId: "x" } },
    ],
    [
      "an unknown session, its id cut to 100 characters",
      unknownSession("s".repeat(150)),
      {
        code: -32602,
        message: `Invalid params: unknown session "${"s".repeat(100)}"`,
        data: { sessionId: "s".repeat(100) },
      },
    ],
    [
      "a non-string session id",
      unknownSession(7),
      {
        code: -32602,
        message: 'Invalid params: unknown session "7"',
        data: { sessionId: "7" },
      },
    ],
    [
      "auth required without text",
      authRequired(),
      { code: -32000, message: "Authentication required", data: undefined },
    ],
    [
      "auth required with Claude's text",
      authRequired("Invalid API key sk-ant-abcdefghijkl"),
      {
        code: -32000,
        message: "Authentication required: Invalid API key [redacted-key]",
        data: undefined,
      },
    ],
    [
      "a failed turn",
      turnFailed("Overloaded, Bearer abcdefghijklmn", { retry: true }),
      {
        code: -32603,
        message: "Internal error: Overloaded, Bearer [redacted]",
        data: { retry: true },
      },
    ],
    [
      "a request a cancel ended (v2: a prompt never inserted)",
      requestCancelled("the prompt was not inserted"),
      { code: -32800, message: "Request cancelled: the prompt was not inserted", data: undefined },
    ],
  ])("maps %s", (_name, error, expected) => {
    expect(wire(error)).toEqual(expected);
  });

  it("redacts the process's own secrets from a failed turn", () => {
    vi.stubEnv("ANTHROPIC_API_KEY", "supersecretvalue");
    expect(wire(turnFailed("key supersecretvalue refused")).message).toBe(
      "Internal error: key [redacted] refused",
    );
  });

  it("names a method not offered by its own name, else by the request's", () => {
    const asked = (error: unknown) => toRequestError(error, { method: "_x/asked" });
    expect(asked(notOffered("_x/named")).data).toEqual({ method: "_x/named" });
    const unnamed = asked(notOffered());
    expect({ code: unnamed.code, data: unnamed.data }).toEqual({
      code: -32601,
      data: { method: "_x/asked" },
    });
    expect(unnamed.message).toBe(RequestError.methodNotFound("_x/asked").message);
  });

  it("passes a RequestError through unchanged", () => {
    const error = new RequestError(-32601, "Method not found");
    expect(toRequestError(error)).toBe(error);
  });

  it("shows an unknown failure as a one-line internal error", () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      expect(wire(new Error("boom\n    at secret (/home/x/y.js:1:1)"))).toEqual({
        code: -32603,
        message: "Internal error: boom",
        data: undefined,
      });
    } finally {
      stderr.mockRestore();
    }
  });
});
