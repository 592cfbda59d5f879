import { describe, expect, it } from "vitest";
import { archivedTitle, isArchivedTitle, storedTitleFor, visibleTitle } from "./archive-title.js";

describe("archive titles", () => {
  it.each([
    ["Fix the build", "[archived] Fix the build"],
    ["[archived] Fix the build", "[archived] Fix the build"],
    ["x".repeat(300), `[archived] ${"x".repeat(189)}`],
  ])("archivedTitle(%j) is %j", (title, archived) => {
    expect(archivedTitle(title)).toBe(archived);
  });

  it.each([
    ["[archived] Fix", true],
    ["Fix [archived] ", false],
    ["[archived]Fix", false],
  ])("isArchivedTitle(%j) is %j", (title, archived) => {
    expect(isArchivedTitle(title)).toBe(archived);
  });

  it.each([
    ["[archived] Fix", false, "Fix"],
    ["Fix", true, "[archived] Fix"],
    ["Fix", false, "Fix"],
  ])("storedTitleFor(%j, %s) is %j", (title, archived, stored) => {
    expect(storedTitleFor(title, archived)).toBe(stored);
    expect(visibleTitle(stored)).toBe(archived ? title.replace("[archived] ", "") : stored);
  });
});
