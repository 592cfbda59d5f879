import { describe, expect, it } from "vitest";
import { airAgentDeclaration } from "./agent-declaration.js";

describe("airAgentDeclaration", () => {
  it("advertises only what works end to end, under _meta.jetbrains.air", () => {
    expect(airAgentDeclaration()).toEqual({
      jetbrains: {
        air: {
          version: 1,
          capabilities: [
            "sessionFailure",
            "recommendedValue",
            "diffPatch",
            "planFile",
            "agentFileChangeReport",
            "nativeSubagentSessions",
            "asyncTasks",
            "customInstructions",
          ],
          goal: { version: 1, controlMethod: "_session/goal", actions: ["set", "clear"] },
        },
      },
    });
  });

  it("hands out a fresh list each time (an answer cannot change the constant)", () => {
    const first = airAgentDeclaration() as { jetbrains: { air: { capabilities: string[] } } };
    first.jetbrains.air.capabilities.push("planFile");
    expect(airAgentDeclaration()).toEqual({
      jetbrains: {
        air: {
          version: 1,
          capabilities: [
            "sessionFailure",
            "recommendedValue",
            "diffPatch",
            "planFile",
            "agentFileChangeReport",
            "nativeSubagentSessions",
            "asyncTasks",
            "customInstructions",
          ],
          goal: { version: 1, controlMethod: "_session/goal", actions: ["set", "clear"] },
        },
      },
    });
  });
});
