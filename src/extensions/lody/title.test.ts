import { describe, expect, it } from "vitest";
import { cleanTitle, LodyTitleState, lodyTitleUpdate } from "./title.js";

const custom = (text: string) => ({ text, custom: true });
const summary = (text: string) => ({ text, custom: false });
const EXCHANGE = "Fix the login bug\n\nDone: the token is refreshed.";

describe("cleanTitle", () => {
  it.each([
    ["plain", "Login bug", "Login bug"],
    ["whitespace collapsed and trimmed", "  Login \n\t bug  ", "Login bug"],
    ["blank", " \n ", undefined],
    ["empty", "", undefined],
    ["not a string", 5, undefined],
    ["null", null, undefined],
    ["256 characters kept", "a".repeat(256), "a".repeat(256)],
    ["cut to 256 characters", "a".repeat(300), "a".repeat(256)],
    ["cut by code point", "😀".repeat(300), "😀".repeat(256)],
  ])("%s", (_name, input, expected) => {
    expect(cleanTitle(input)).toBe(expected);
  });
});

describe("lodyTitleUpdate", () => {
  it("is a session_info_update with the title's source under _meta.lody", () => {
    expect(lodyTitleUpdate("Login bug", "generated", "2026-12-02T00:00:00.000Z")).toStrictEqual({
      sessionUpdate: "session_info_update",
      title: "Login bug",
      updatedAt: "2026-12-02T00:00:00.000Z",
      _meta: { lody: { titleSource: "generated" } },
    });
  });
});

describe("LodyTitleState (acceptance check 23)", () => {
  it("asks for one generated title per session, from the last 1000 characters", () => {
    const state = new LodyTitleState();
    const first = state.turnEnded(EXCHANGE, summary("Fix the login bug"));
    expect(first).toStrictEqual({ generate: EXCHANGE });
    // While the model works, nothing more is asked.
    expect(state.turnEnded("more", summary("Fix the login bug"))).toStrictEqual({});
    expect(state.generationEnded("  Login \n bug ", summary("Fix the login bug"))).toStrictEqual({
      title: "Login bug",
      source: "generated",
    });
    expect(state.wantsStored(false)).toBe(false);
    expect(state.turnEnded("x".repeat(2000), summary("Other"))).toStrictEqual({});
  });

  it("names the session from the last 1000 characters of prompts and answers", () => {
    const state = new LodyTitleState();
    const long = `${"a".repeat(600)}${"b".repeat(600)}`;
    expect(state.turnEnded(long, undefined)).toStrictEqual({
      generate: `${"a".repeat(400)}${"b".repeat(600)}`,
    });
  });

  it("needs at least 10 characters: a shorter exchange previews the fallback", () => {
    const state = new LodyTitleState();
    expect(state.turnEnded("hi\n\nok", summary("hi"))).toStrictEqual({
      publish: { title: "hi", source: "fallback" },
    });
    // The next turn adds to the text: now there is enough.
    expect(state.turnEnded("again", summary("hi"))).toStrictEqual({
      generate: "hi\n\nok\n\nagain",
    });
  });

  it("10 characters are enough to name the session", () => {
    expect(new LodyTitleState().turnEnded("0123456789", undefined)).toStrictEqual({
      generate: "0123456789",
    });
    expect(new LodyTitleState().turnEnded(" 012345678 ", summary("x"))).toStrictEqual({
      publish: { title: "x", source: "fallback" },
    });
  });

  it("a blank stored title is never sent", () => {
    expect(new LodyTitleState().turnEnded("hi", summary(" \n "))).toStrictEqual({
      publish: undefined,
    });
  });

  it("never overwrites the user's title", () => {
    const state = new LodyTitleState();
    expect(state.turnEnded(EXCHANGE, custom("My session"))).toStrictEqual({
      publish: { title: "My session", source: "explicit" },
    });
    expect(state.wantsStored(false)).toBe(false);
    expect(state.wantsStored(true)).toBe(true);
    expect(state.turnEnded(EXCHANGE, undefined)).toStrictEqual({});
    expect(state.generationEnded("Generated", summary("x"))).toBeUndefined();
  });

  it("drops a generated title when the user named the session meanwhile", () => {
    const state = new LodyTitleState();
    expect(state.turnEnded(EXCHANGE, summary("Fix"))).toStrictEqual({ generate: EXCHANGE });
    expect(state.turnEnded("/rename Mine", custom("Mine"))).toStrictEqual({
      publish: { title: "Mine", source: "explicit" },
    });
    expect(state.generationEnded("Generated", summary("Fix"))).toBeUndefined();
  });

  it("takes a user's title found when the generation ends as explicit", () => {
    const state = new LodyTitleState();
    state.turnEnded(EXCHANGE, summary("Fix"));
    expect(state.generationEnded("Generated", custom("Mine"))).toStrictEqual({
      title: "Mine",
      source: "explicit",
    });
    expect(state.turnEnded(EXCHANGE, undefined)).toStrictEqual({});
  });

  it("does not send the same text from the same source twice", () => {
    const state = new LodyTitleState();
    expect(state.turnEnded("hi", summary("hi"))).toStrictEqual({
      publish: { title: "hi", source: "fallback" },
    });
    expect(state.turnEnded("", summary("hi"))).toStrictEqual({ publish: undefined });
  });

  it("sends the same text again from a new source (fallback, then explicit)", () => {
    const state = new LodyTitleState();
    expect(state.turnEnded("hi", summary("hi"))).toStrictEqual({
      publish: { title: "hi", source: "fallback" },
    });
    expect(state.turnEnded("/rename hi", custom("hi"))).toStrictEqual({
      publish: { title: "hi", source: "explicit" },
    });
    expect(state.turnEnded("", custom("hi"))).toStrictEqual({ publish: undefined });
  });

  it.each([
    ["null", null],
    ["an empty title", ""],
    ["a blank title", "  \n "],
    ["a failure", undefined],
  ])("%s from the model sends the fallback and re-arms", (_name, title) => {
    const state = new LodyTitleState();
    state.turnEnded(EXCHANGE, summary("Fix the login bug"));
    expect(state.generationEnded(title, summary("Fix the login bug"))).toStrictEqual({
      title: "Fix the login bug",
      source: "fallback",
    });
    expect(state.wantsStored(false)).toBe(true);
    expect(state.turnEnded("next", summary("Fix the login bug"))).toStrictEqual({
      generate: `${EXCHANGE}\n\nnext`,
    });
  });

  it("a failed generation with no stored title sends nothing", () => {
    const state = new LodyTitleState();
    state.turnEnded(EXCHANGE, undefined);
    expect(state.generationEnded(null, undefined)).toBeUndefined();
  });

  it.each([
    ["the user's title", custom("Mine"), "explicit"],
    ["Claude Code's title", summary("Fix"), "fallback"],
  ])("knows %s a load replayed: not sent again", (_name, stored, source) => {
    const state = new LodyTitleState();
    state.know(stored);
    expect(state.turnEnded("hi", stored)).toStrictEqual({ publish: undefined });
    expect(state.wantsStored(false)).toBe(source === "fallback");
  });

  it("knows no title when none is stored", () => {
    const state = new LodyTitleState();
    state.know(undefined);
    expect(state.turnEnded("hi", summary("hi"))).toStrictEqual({
      publish: { title: "hi", source: "fallback" },
    });
  });

  it("a known user's title is never overwritten", () => {
    const state = new LodyTitleState();
    state.know(custom("Mine"));
    expect(state.turnEnded(EXCHANGE, undefined)).toStrictEqual({});
  });

  it("reads the stored title until the session has one of its own, and after /rename", () => {
    const state = new LodyTitleState();
    expect(state.wantsStored(false)).toBe(true);
    state.turnEnded(EXCHANGE, undefined);
    state.generationEnded("Named", undefined);
    expect(state.wantsStored(false)).toBe(false);
    expect(state.wantsStored(true)).toBe(true);
  });
});
