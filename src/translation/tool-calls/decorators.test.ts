import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { v1ClientCapabilities } from "../../extensions/v2/mapping.js";
import { previewsFileChanges } from "./decorators.js";

const air = (...capabilities: string[]) =>
  parseClientProfile({ _meta: { jetbrains: { air: { version: 1, capabilities } } } });

describe("previewsFileChanges", () => {
  it("is true only for a client whose decorator previews a change: AIR diffPatch, any v2 client", () => {
    expect(previewsFileChanges(parseClientProfile({}))).toBe(false);
    expect(previewsFileChanges(air())).toBe(false);
    expect(previewsFileChanges(air("diffPatch"))).toBe(true);
    expect(previewsFileChanges(parseClientProfile(v1ClientCapabilities({}), 2))).toBe(true);
  });
});
