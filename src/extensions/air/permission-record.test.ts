import { describe, expect, it } from "vitest";
import { permissionRecord, type PermissionRecordFacts } from "./permission-record.js";

const facts = (extra: Partial<PermissionRecordFacts>): PermissionRecordFacts => ({
  toolName: "Read",
  title: "Read /w/a.txt",
  decisionReason: undefined,
  defaultToNo: false,
  ...extra,
});

describe("permissionRecord", () => {
  it("heads the approval with the tool call's title", () => {
    expect(permissionRecord(facts({}))).toEqual({ version: 1, title: "Read /w/a.txt" });
  });

  it("gives the SDK reason as a description and defaultToNo when the SDK asks", () => {
    expect(
      permissionRecord(
        facts({
          toolName: "Bash",
          title: "npm test",
          decisionReason: "Needed to\n verify\tthe change.",
          defaultToNo: true,
        }),
      ),
    ).toEqual({
      version: 1,
      title: "npm test",
      description: "Reason: Needed to verify the change.",
      defaultToNo: true,
    });
  });

  it("asks ExitPlanMode as Ready to code?", () => {
    expect(permissionRecord(facts({ toolName: "ExitPlanMode", title: "Approve Plan" }))).toEqual({
      version: 1,
      title: "Ready to code?",
    });
  });

  it("keeps a shell command whole: line breaks, spaces, any length", () => {
    const command = `cat <<EOF\n  ${"x".repeat(500)}\nEOF`;
    expect(permissionRecord(facts({ toolName: "Bash", title: command })).title).toBe(command);
    expect(
      permissionRecord(facts({ toolName: "PowerShell", title: "Get-Item\u0007  a" })).title,
    ).toBe("Get-Item  a");
  });

  it("compacts other titles: no controls, collapsed whitespace", () => {
    expect(permissionRecord(facts({ title: "Fetch\u0000 https://x.test/\n\u202Ea" })).title).toBe(
      "Fetch https://x.test/ a",
    );
  });

  it.each([
    ["an over-long title", "t".repeat(201)],
    ["an empty title", " \u0001 "],
    ["no title", undefined],
  ])("falls back to the tool name for %s", (_, title) => {
    expect(permissionRecord(facts({ toolName: "WebFetch", title }))).toEqual({
      version: 1,
      title: "WebFetch",
    });
  });

  it.each([
    ["empty", "  "],
    ["over-long", "r".repeat(1000)],
    ["not text", 42 as unknown as string],
  ])("leaves out an invalid reason (%s)", (_, decisionReason) => {
    expect(permissionRecord(facts({ decisionReason }))).toEqual({
      version: 1,
      title: "Read /w/a.txt",
    });
  });
});
