import { describe, expect, it } from "vitest";
import { reporterFor, safely } from "./registry.js";
import { bashReporter } from "./reporters/bash.js";
import { genericReporter } from "./reporters/generic.js";

describe("reporterFor", () => {
  it("finds a Claude tool's reporter", () => {
    expect(reporterFor("Bash")).toBe(bashReporter);
    expect(reporterFor("PowerShell")).toBe(bashReporter);
  });

  it.each(["mcp__github__create_issue", "Unknown", "toString", "constructor", "__proto__"])(
    "gives %s the generic reporter",
    (name) => {
      expect(reporterFor(name)).toBe(genericReporter);
    },
  );
});

describe("safely", () => {
  it("returns the step's value, or the fallback's when the step throws", () => {
    expect(
      safely(
        () => 1,
        () => 2,
      ),
    ).toBe(1);
    expect(
      safely(
        () => {
          throw new Error("odd input");
        },
        () => 2,
      ),
    ).toBe(2);
  });
});
