import { describe, expect, it } from "vitest";
import { checkAdditionalDirectories, wantsRawSdkMessages } from "./session-params.js";

describe("additional directories", () => {
  it.each([
    [{ additionalDirectories: ["/a"] }, ["/a"]],
    [{ _meta: { additionalRoots: ["/legacy"] } }, ["/legacy"]],
    [{ additionalDirectories: ["/a"], _meta: { additionalRoots: ["/legacy"] } }, ["/a"]],
    [{ additionalDirectories: null, _meta: { additionalRoots: ["/legacy"] } }, ["/legacy"]],
    [{}, []],
    [{ _meta: null }, []],
  ])("%j → %j", (params, expected) => {
    expect(checkAdditionalDirectories(params)).toEqual(expected);
  });

  it.each([
    [{ additionalDirectories: ["rel"] }, 'additionalDirectories must be absolute paths: "rel"'],
    [{ _meta: { additionalRoots: ["rel"] } }, 'additionalRoots must be absolute paths: "rel"'],
    [{ _meta: { additionalRoots: [3] } }, "additionalRoots must be absolute paths: 3"],
    [{ _meta: { additionalRoots: "/a" } }, "additionalRoots must be an array of absolute paths"],
  ])("%j is invalid", (params, message) => {
    expect(() => checkAdditionalDirectories(params)).toThrow(message);
  });
});

describe("the raw SDK tap", () => {
  it.each([
    [{ claudeCode: { emitRawSDKMessages: true } }, true],
    [{ claudeCode: { emitRawSDKMessages: "yes" } }, false],
    [{ claudeCode: {} }, false],
    [{ emitRawSDKMessages: true }, false],
    [undefined, false],
  ])("%j → %j", (meta, expected) => {
    expect(wantsRawSdkMessages(meta)).toBe(expected);
  });
});
