import { describe, expect, it } from "vitest";
import { airAgentDeclaration } from "./agent-declaration.js";

const BASE = [
  "sessionFailure",
  "recommendedValue",
  "diffPatch",
  "planFile",
  "agentFileChangeReport",
  "nativeSubagentSessions",
  "asyncTasks",
  "customInstructions",
  "backgroundSubagents",
];
const INDEX = [
  "sessionIndex",
  "sessionBatchGet",
  "sessionArchive",
  "sessionRename",
  "sessionListSubscribe",
  "sessionWorktrees",
];
const declaration = (capabilities: string[]) => ({
  jetbrains: {
    air: {
      version: 1,
      capabilities,
      goal: { version: 1, controlMethod: "_session/goal", actions: ["set", "clear"] },
    },
  },
});

describe("airAgentDeclaration", () => {
  it("advertises what works end to end, the same list to every AIR client", () => {
    expect(airAgentDeclaration()).toEqual(declaration([...BASE, ...INDEX]));
  });

  it("hands out a fresh list each time (an answer cannot change the constant)", () => {
    const first = airAgentDeclaration() as {
      jetbrains: { air: { capabilities: string[] } };
    };
    first.jetbrains.air.capabilities.push("planFile");
    expect(airAgentDeclaration()).toEqual(declaration([...BASE, ...INDEX]));
  });
});
