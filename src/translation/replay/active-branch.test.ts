import { describe, expect, it } from "vitest";
import { activeBranch } from "./active-branch.js";
import type { EntryLink } from "./transcript-entry.js";

type Spec = Partial<EntryLink> & { uuid: string };

function links(...specs: Spec[]): EntryLink[] {
  return specs.map((spec, line) => ({
    line,
    parentUuid: undefined,
    logicalParentUuid: undefined,
    message: true,
    sidechain: false,
    toolUseIds: [],
    toolResultIds: [],
    ...spec,
  }));
}

describe("activeBranch", () => {
  it("follows the newest message back to the root, through non-message entries", () => {
    const entries = links(
      { uuid: "u1" },
      { uuid: "att", parentUuid: "u1", message: false },
      { uuid: "a1", parentUuid: "att" },
    );
    expect(activeBranch(entries)).toEqual([0, 1, 2]);
  });

  it("leaves out an abandoned branch (a rewind)", () => {
    const entries = links(
      { uuid: "u1" },
      { uuid: "a1", parentUuid: "u1" },
      { uuid: "u2-old", parentUuid: "a1" },
      { uuid: "a2-old", parentUuid: "u2-old" },
      { uuid: "u2", parentUuid: "a1" },
      { uuid: "a2", parentUuid: "u2" },
    );
    expect(activeBranch(entries)).toEqual([0, 1, 4, 5]);
  });

  it("ends at the kept entry of a rewind while the file's tip is the one it replaced", () => {
    const entries = links(
      { uuid: "u1" },
      { uuid: "a1", parentUuid: "u1" },
      { uuid: "u2", parentUuid: "a1" },
      { uuid: "a2", parentUuid: "u2" },
    );
    expect(activeBranch(entries, { from: "a2", to: "a1" })).toEqual([0, 1]);
    // A marker whose kept entry is gone changes nothing.
    expect(activeBranch(entries, { from: "a2", to: "nope" })).toEqual([0, 1, 2, 3]);
  });

  it("ignores a rewind once a newer message is the tip (the conversation went on)", () => {
    const entries = links(
      { uuid: "u1" },
      { uuid: "a1", parentUuid: "u1" },
      { uuid: "u2", parentUuid: "a1" },
      { uuid: "a2", parentUuid: "u2" },
      { uuid: "u3", parentUuid: "a1" },
    );
    expect(activeBranch(entries, { from: "a2", to: "a1" })).toEqual([0, 1, 4]);
  });

  it("keeps the results of parallel tool uses that hang off the walked path", () => {
    // As Claude Code 2.1.318 writes two tool uses of one message and their results.
    const entries = links(
      { uuid: "u1" },
      { uuid: "t1", parentUuid: "u1", toolUseIds: ["toolu_1"] },
      { uuid: "t2", parentUuid: "t1", toolUseIds: ["toolu_2"] },
      { uuid: "r1", parentUuid: "t1", toolResultIds: ["toolu_1"] },
      { uuid: "r2", parentUuid: "t2", toolResultIds: ["toolu_2"] },
      { uuid: "a", parentUuid: "r2" },
    );
    expect(activeBranch(entries)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("crosses a compaction boundary to show the history before it", () => {
    const entries = links(
      { uuid: "u1" },
      { uuid: "a1", parentUuid: "u1" },
      { uuid: "boundary", message: false, logicalParentUuid: "a1" },
      { uuid: "summary", parentUuid: "boundary" },
      { uuid: "u2", parentUuid: "summary" },
    );
    expect(activeBranch(entries)).toEqual([0, 1, 2, 3, 4]);
  });

  it("never takes a subagent's entries, and survives cycles and missing parents", () => {
    const entries = links(
      { uuid: "u1", parentUuid: "gone" },
      { uuid: "side", parentUuid: "u1", sidechain: true },
      { uuid: "x", parentUuid: "y" },
      { uuid: "y", parentUuid: "x" },
    );
    expect(activeBranch(entries)).toEqual([2, 3]);
    expect(activeBranch(links({ uuid: "u1" }, { uuid: "side", sidechain: true }))).toEqual([0]);
    expect(activeBranch([])).toEqual([]);
  });
});

describe("activeBranch: results off the walked path", () => {
  const use = (uuid: string, parentUuid: string | undefined, ids: string[]) => ({
    uuid,
    parentUuid,
    toolUseIds: ids,
  });
  const result = (
    uuid: string,
    parentUuid: string,
    ids: string[],
    extra: Partial<EntryLink> = {},
  ) => ({
    uuid,
    parentUuid,
    toolResultIds: ids,
    ...extra,
  });

  it("keeps a subagent's result off the branch, even for a tool use on it", () => {
    const entries = links(
      use("a1", undefined, ["t1", "t2"]),
      result("r1", "a1", ["t1"], { sidechain: true }),
      result("r2", "a1", ["t2"]),
    );
    expect(activeBranch(entries)).toEqual([0, 2]);
  });

  it("adds a result only when every tool use it answers is on the branch and open", () => {
    const entries = links(
      use("a1", undefined, ["t1", "t2", "t3"]),
      result("r1", "a1", ["t1", "elsewhere"]),
      result("r2", "a1", ["t2"]),
      result("r2b", "a1", ["t2"]),
      result("r3", "r2", ["t3"]),
    );
    // The tip is r3; r2 is its parent; r1 names a tool use off the branch; r2b answers
    // t2 again.
    expect(activeBranch(entries)).toEqual([0, 2, 4]);
  });

  it("finds the newest message by line, whatever the order of the links", () => {
    const [root, first, second] = links(
      { uuid: "u1" },
      { uuid: "a1", parentUuid: "u1" },
      { uuid: "a2", parentUuid: "u1" },
    );
    expect(activeBranch([second!, root!, first!])).toEqual([0, 2]);
  });
});
