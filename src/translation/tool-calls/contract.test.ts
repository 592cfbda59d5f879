import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { contractFor, UPSTREAM_CONTRACT } from "./contract.js";
import { renderingFor } from "./renderer.js";

const AIR = { jetbrains: { air: { version: 1, capabilities: ["planFile"] } } };

describe("contractFor", () => {
  it("gives a client whose extensions bring none upstream's contract", () => {
    expect(contractFor(parseClientProfile({}))).toBe(UPSTREAM_CONTRACT);
    expect(contractFor(parseClientProfile({ _meta: { terminal_output: true } }))).toBe(
      UPSTREAM_CONTRACT,
    );
    expect(contractFor(parseClientProfile({ _meta: { lody: {} } }))).toBe(UPSTREAM_CONTRACT);
  });

  it("gives AIR its own contract, and a v2 client upstream's with whole diffs", () => {
    const air = contractFor(parseClientProfile({ _meta: AIR }));
    expect(air).toMatchObject({ mergesMeta: true, namesTool: false, relativeTitles: false });
    expect(air.planFile).toBeDefined();
    const v2 = contractFor(parseClientProfile({}, 2));
    expect(v2).toStrictEqual({
      ...UPSTREAM_CONTRACT,
      outputReplacesDescription: false,
      editHunks: false,
    });
    // An AIR client on v2 keeps AIR's contract (the composition's first).
    expect(contractFor(parseClientProfile({ _meta: AIR }, 2))).toStrictEqual(air);
  });

  it("upstream's contract keeps the data it is given", () => {
    const response = { status: "completed", stdout: "x" };
    expect(UPSTREAM_CONTRACT.toolResponse(response)).toBe(response);
    const content = [{ type: "content" as const, content: { type: "text" as const, text: "t" } }];
    expect(UPSTREAM_CONTRACT.requestContent(content)).toBe(content);
  });
});

describe("renderingFor", () => {
  it("shows commands in a terminal only for a decorator that says so (Zed's channel)", () => {
    expect(renderingFor(parseClientProfile({})).terminal).toBe(false);
    expect(renderingFor(parseClientProfile({ _meta: { terminal_output: true } })).terminal).toBe(
      true,
    );
    const zed = parseClientProfile({ _meta: { terminal_output: true } });
    expect(renderingFor(zed, []).terminal).toBe(false);
  });
});
