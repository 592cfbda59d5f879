import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recoverSetAside, setAside, setAsidePath, settleSetAside } from "./set-aside.js";

let dir: string;
let transcript: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "set-aside-"));
  transcript = join(dir, "0fd09245-36cd-48da-a5d0-91eea6bf75a7.jsonl");
  writeFileSync(transcript, "old\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("a transcript set aside for a new conversation", () => {
  it("is moved to a name Claude Code does not list, and removed once the new one is stored", async () => {
    await setAside(transcript);
    expect(readdirSync(dir)).toEqual([`${transcript.split("/").at(-1)}.replaced`]);
    expect(setAsidePath(transcript)).toBe(`${transcript}.replaced`);
    writeFileSync(transcript, "new\n");
    expect(await settleSetAside(transcript)).toBe(true);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(readFileSync(transcript, "utf8")).toBe("new\n");
  });

  it("comes back when no new one was stored", async () => {
    await setAside(transcript);
    expect(await settleSetAside(transcript)).toBe(false);
    expect(readFileSync(transcript, "utf8")).toBe("old\n");
  });

  it("is not recovered while this process has it aside, and is after (a stopped process)", async () => {
    await setAside(transcript);
    expect(await recoverSetAside(transcript)).toBe(false);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(readdirSync(dir)[0]).toMatch(/\.replaced$/);
    // As a later process finds it: not pending there.
    const later = join(dir, "later.jsonl");
    writeFileSync(setAsidePath(later), "left\n");
    expect(await recoverSetAside(later)).toBe(true);
    expect(readFileSync(later, "utf8")).toBe("left\n");
  });

  it("is left alone when a new transcript exists", async () => {
    writeFileSync(setAsidePath(transcript), "aside\n");
    expect(await recoverSetAside(transcript)).toBe(false);
    expect(readFileSync(transcript, "utf8")).toBe("old\n");
  });
});
