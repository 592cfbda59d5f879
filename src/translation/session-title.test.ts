import { describe, expect, it } from "vitest";
import {
  isCommandPrompt,
  MAX_TITLE_LENGTH,
  toDisplayPrompt,
  toSessionTitle,
} from "./session-title.js";

describe("toSessionTitle", () => {
  it.each([
    ["plain text", "Fix the login bug", "Fix the login bug"],
    ["surrounding whitespace", "  \n Fix it \n ", "Fix it"],
    ["line breaks collapse", "first line\n\nsecond\tline", "first line second line"],
    [
      "a system reminder before the prompt",
      "<system-reminder>\nsecret context\n</system-reminder>\nRefactor the parser",
      "Refactor the parser",
    ],
    ["an unclosed reminder", "Fix it <system-reminder>cut off here", "Fix it"],
    [
      "a slash command with arguments",
      "<command-message>review</command-message>\n<command-name>/review</command-name>\n<command-args>src/a.ts</command-args>",
      "/review src/a.ts",
    ],
    [
      "a slash command without a slash or arguments",
      "<command-name>compact</command-name><command-args></command-args>",
      "/compact",
    ],
    ["a shell escape", "<bash-input>ls -la</bash-input>", "! ls -la"],
    [
      "an ACP resource link and embedded context",
      'Look at [@main.ts](file:///w/main.ts)\n<context ref="file:///w/main.ts">\nconst x = 1;\n</context>',
      "Look at @main.ts",
    ],
    ["IDE context", "<ide_opened_file>The user opened a.ts</ide_opened_file>Explain", "Explain"],
    ["control characters", "bell\u0007 and\u001b escape", "bell and escape"],
  ])("%s", (_name, stored, title) => {
    expect(toSessionTitle(stored)).toBe(title);
  });

  it.each([
    ["only a reminder", "<system-reminder>x</system-reminder>"],
    ["only command output", "<local-command-stdout>Compacted</local-command-stdout>"],
    ["blank", " \n\t "],
  ])("is undefined for %s", (_name, stored) => {
    expect(toSessionTitle(stored)).toBeUndefined();
  });

  it("bounds the length at a code point and marks the cut", () => {
    const title = toSessionTitle("😀".repeat(300))!;
    expect(Array.from(title)).toHaveLength(MAX_TITLE_LENGTH);
    expect(title.endsWith("…")).toBe(true);
    expect(title.startsWith("😀😀")).toBe(true);
  });
});

describe("toDisplayPrompt", () => {
  it("keeps the line breaks of what the user wrote", () => {
    expect(toDisplayPrompt("<system-reminder>r</system-reminder>a\nb")).toBe("a\nb");
  });

  it("tells slash commands apart", () => {
    expect(isCommandPrompt("<command-name>/x</command-name>")).toBe(true);
    expect(isCommandPrompt("just text")).toBe(false);
  });
});

describe("toDisplayPrompt: each block Claude Code or the adapter adds", () => {
  it.each([
    "system-reminder",
    "local-command-caveat",
    "local-command-stdout",
    "local-command-stderr",
    "command-message",
    "bash-stdout",
    "bash-stderr",
    "ide_opened_file",
    "ide_selection",
    "ide_diagnostics",
    "context",
  ])("drops <%s>, with attributes too", (tag) => {
    expect(toDisplayPrompt(`a<${tag} x="1">drop\nme</${tag}>b<${tag}>too</${tag}>`)).toBe("ab");
  });

  it.each([
    [
      "a tag that only starts like one",
      "<contextual>keep</contextual>",
      "<contextual>keep</contextual>",
    ],
    ["a comparison", "a < b and c > d", "a < b and c > d"],
    ["a mention across lines", "[@a\nb](file:///x)", "[@a\nb](file:///x)"],
    ["a mention with a blank in the target", "[@a](file:///x y)", "[@a](file:///x y)"],
    ["two mentions", "[@a](file:///a) and [@b](file:///b)", "@a and @b"],
    [
      "a command name with blanks",
      "<command-name> /x </command-name><command-args> a b </command-args>",
      "/x a b",
    ],
    ["a command without args", "<command-name>/x</command-name>", "/x"],
    ["a shell escape with blanks", "<bash-input>  ls  </bash-input>", "! ls"],
    ["tab and DEL", "a\tb\u007fc\u009fd\u0000e\u000bf", "a\tbcdef"],
  ])("%s", (_name, stored, shown) => {
    expect(toDisplayPrompt(stored)).toBe(shown);
  });

  it("cuts the title exactly at the limit, and trims before the mark", () => {
    const exact = "x".repeat(MAX_TITLE_LENGTH);
    expect(toSessionTitle(exact)).toBe(exact);
    expect(toSessionTitle(`${"x".repeat(MAX_TITLE_LENGTH - 2)} yz`)).toBe(
      `${"x".repeat(MAX_TITLE_LENGTH - 2)}…`,
    );
  });

  it("trims what the user wrote", () => {
    expect(toDisplayPrompt(" \n typed \n ")).toBe("typed");
  });
});
