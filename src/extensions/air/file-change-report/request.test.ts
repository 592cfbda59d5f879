import { describe, expect, it } from "vitest";
import { readFileChangeReportRequest } from "./request.js";

const meta = (request: unknown) => ({
  jetbrains: { air: { agentFileChangeReportRequest: request } },
});
const ID_128 = "a".repeat(128);

describe("readFileChangeReportRequest", () => {
  it.each<[string, unknown, string | undefined]>([
    ["a well-formed request", meta({ version: 1, requestId: "req-1" }), "req-1"],
    ["every allowed character", meta({ version: 1, requestId: "aZ09._:-" }), "aZ09._:-"],
    ["keys in any order", meta({ requestId: "r", version: 1 }), "r"],
    ["an id of 128 characters", meta({ version: 1, requestId: ID_128 }), ID_128],
    [
      "other AIR keys beside it",
      {
        jetbrains: {
          air: { version: 1, x: 1, ...meta({ version: 1, requestId: "r" }).jetbrains.air },
        },
      },
      "r",
    ],
    ["no _meta", undefined, undefined],
    ["no request", { jetbrains: { air: { version: 1 } } }, undefined],
    ["null", meta(null), undefined],
    ["an array", meta([1, "r"]), undefined],
    ["a string", meta("r"), undefined],
    ["version 2", meta({ version: 2, requestId: "r" }), undefined],
    ["version as a string", meta({ version: "1", requestId: "r" }), undefined],
    ["no version", meta({ requestId: "r" }), undefined],
    ["no id", meta({ version: 1 }), undefined],
    ["a numeric id", meta({ version: 1, requestId: 7 }), undefined],
    ["an extra key", meta({ version: 1, requestId: "r", extra: true }), undefined],
    ["an extra undefined key", meta({ version: 1, requestId: "r", extra: undefined }), undefined],
    ["an empty id", meta({ version: 1, requestId: "" }), undefined],
    ["an id of 129 characters", meta({ version: 1, requestId: `${ID_128}a` }), undefined],
    ["a space in the id", meta({ version: 1, requestId: "a b" }), undefined],
    ["a slash in the id", meta({ version: 1, requestId: "a/b" }), undefined],
    ["a trailing newline", meta({ version: 1, requestId: "ab\n" }), undefined],
    ["a non-ASCII letter", meta({ version: 1, requestId: "é" }), undefined],
    [
      "a __proto__ key from JSON",
      JSON.parse(
        '{"jetbrains":{"air":{"agentFileChangeReportRequest":{"version":1,"requestId":"r","__proto__":{}}}}}',
      ),
      undefined,
    ],
    [
      "an inherited request",
      {
        jetbrains: {
          air: Object.create({ agentFileChangeReportRequest: { version: 1, requestId: "r" } }),
        },
      },
      undefined,
    ],
  ])("%s", (_name, input, expected) => {
    expect(readFileChangeReportRequest(input)).toBe(expected);
  });
});
