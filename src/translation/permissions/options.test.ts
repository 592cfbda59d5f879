import { describe, expect, it } from "vitest";
import { permissionOptions, toDecision } from "./options.js";

describe("permission options", () => {
  const offered = permissionOptions();

  it("offers allow once before reject, with stable ids", () => {
    expect(offered.map((o) => [o.optionId, o.kind])).toEqual([
      ["allow-once", "allow_once"],
      ["reject", "reject_once"],
    ]);
  });

  it.each([
    [{ outcome: "selected", optionId: "allow-once" }, "allow"],
    [{ outcome: "selected", optionId: "reject" }, "reject"],
    [{ outcome: "selected", optionId: "allow-always-forever" }, "reject"],
    [{ outcome: "cancelled" }, "cancelled"],
  ] as const)("maps %j to %s", (outcome, decision) => {
    expect(toDecision({ outcome }, offered)).toBe(decision);
  });
});
