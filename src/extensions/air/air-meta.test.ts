import { describe, expect, it } from "vitest";
import { airMeta, withAirMeta } from "./air-meta.js";

describe("airMeta", () => {
  it("puts the payload next to version 1", () => {
    expect(airMeta({ kind: "plan" })).toEqual({ jetbrains: { air: { version: 1, kind: "plan" } } });
  });
});

describe("withAirMeta", () => {
  it.each([
    [undefined, { jetbrains: { air: { version: 1, x: 1 } } }],
    [null, { jetbrains: { air: { version: 1, x: 1 } } }],
    [
      { claudeCode: { toolName: "Bash" }, jetbrains: { other: true, air: { version: 1, y: 2 } } },
      {
        claudeCode: { toolName: "Bash" },
        jetbrains: { other: true, air: { version: 1, y: 2, x: 1 } },
      },
    ],
  ])("merges into %j and keeps the other keys", (meta, expected) => {
    expect(withAirMeta(meta, { x: 1 })).toEqual(expected);
  });

  it("does not change the given object", () => {
    const meta = { jetbrains: { air: { version: 1 } } };
    withAirMeta(meta, { x: 1 });
    expect(meta).toEqual({ jetbrains: { air: { version: 1 } } });
  });
});
