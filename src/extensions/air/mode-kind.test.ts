import { describe, expect, it } from "vitest";
import { modeKindMeta } from "./mode-kind.js";

describe("modeKindMeta", () => {
  it.each([
    ["default", "standard"],
    ["acceptEdits", "standard"],
    ["plan", "plan"],
    ["auto", "auto_review"],
    ["bypassPermissions", "full_access"],
  ])("%s is %s", (mode, kind) => {
    expect(modeKindMeta(mode)).toEqual({ jetbrains: { air: { version: 1, kind } } });
  });

  it.each(["dontAsk", "manual", "toString", "__proto__"])("%s has no kind", (mode) => {
    expect(modeKindMeta(mode)).toBeUndefined();
  });
});
