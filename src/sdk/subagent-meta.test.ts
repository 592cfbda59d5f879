import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { storedSubagents } from "./subagent-meta.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function session(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "subagent-meta-"));
  dirs.push(dir);
  const subagents = join(dir, "s1", "subagents");
  mkdirSync(subagents, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(subagents, name), text);
  return join(dir, "s1.jsonl");
}

describe("storedSubagents", () => {
  it("maps each subagent's tool use id to its agent id, skipping what is not a meta file", async () => {
    const transcript = session({
      "agent-a1.meta.json": JSON.stringify({ toolUseId: "toolu_outer", spawnDepth: 1 }),
      "agent-b2.meta.json": JSON.stringify({ toolUseId: "toolu_inner", parentAgentId: "a1" }),
      "agent-a1.jsonl": "{}",
      "agent-c3.meta.json": "not json",
      "agent-d4.meta.json": JSON.stringify({ toolUseId: 4 }),
      "other.meta.json": JSON.stringify({ toolUseId: "toolu_other" }),
    });
    expect(await storedSubagents(transcript)).toEqual(
      new Map([
        ["toolu_outer", "a1"],
        ["toolu_inner", "b2"],
      ]),
    );
  });

  it("is empty for a session without subagents", async () => {
    expect(await storedSubagents("/nowhere/s.jsonl")).toEqual(new Map());
  });
});
