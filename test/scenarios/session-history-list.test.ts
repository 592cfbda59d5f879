import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { methods, type SessionInfo } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { projectFolderName } from "../../src/sdk/transcript-paths.js";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { syntheticTranscript } from "../support/synthetic-transcript.js";

const scenario = useScenarios();

/** Writes a transcript into the scenario's Claude config dir, dated `minutesAgo`. */
function store(s: Scenario, cwd: string, name: string, text: string, minutesAgo: number): string {
  const dir = join(s.configDir, "projects", projectFolderName(cwd));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, text);
  const when = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(path, when, when);
  return path;
}

function storeSession(
  s: Scenario,
  cwd: string,
  minutesAgo: number,
  prompt: string,
  customTitle?: string,
) {
  const sessionId = randomUUID();
  const turns = [{ prompt, text: "ok", bash: { command: "ls", output: "a" } }];
  store(
    s,
    cwd,
    `${sessionId}.jsonl`,
    syntheticTranscript({ sessionId, cwd, turns, customTitle }),
    minutesAgo,
  );
  return sessionId;
}

async function listAll(s: Scenario, cwd?: string) {
  const pages: Array<{ sessions: SessionInfo[]; nextCursor?: string | null }> = [];
  let cursor: string | undefined;
  do {
    const page = await s.agent.request(methods.agent.session.list, {
      ...(cwd ? { cwd } : {}),
      ...(cursor ? { cursor } : {}),
    });
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 20);
  return pages;
}

describe("session/list", () => {
  it("pages the sessions of a directory newest first, 1000 at a time, with clean titles", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "Hi!" }] }] });
    await s.initialize();
    const live = await s.newSession();
    await s.prompt(live, "<system-reminder>ignore me</system-reminder>\nWhat is   up?");
    const stored = Array.from({ length: 1205 }, (_, i) =>
      storeSession(s, s.workspace, 10 + i, `Stored task ${i}`),
    );
    const other = join(s.root, "elsewhere");
    mkdirSync(other);
    const elsewhere = storeSession(s, other, 5, "Somewhere else");

    const pages = await listAll(s, s.workspace);
    expect(pages.map((p) => p.sessions.length)).toEqual([1000, 206]);
    expect(pages[0]!.nextCursor).toEqual(expect.any(String));
    expect(pages[1]!.nextCursor ?? undefined).toBeUndefined();
    const rows = pages.flatMap((p) => p.sessions);
    // The live session is the newest; then the stored ones in the order of their times.
    expect(rows.map((r) => r.sessionId)).toEqual([live, ...stored]);
    expect(rows[0]).toEqual({
      sessionId: live,
      cwd: s.workspace,
      title: "What is up?",
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      archived: false,
    });
    expect(rows[1]).toMatchObject({ cwd: s.workspace, title: "Stored task 0" });
    const times = rows.map((r) => Date.parse(r.updatedAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Without a directory: every project.
    const everything = (await listAll(s)).flatMap((p) => p.sessions);
    expect(everything).toHaveLength(1207);
    expect(everything.find((r) => r.sessionId === elsewhere)).toMatchObject({
      cwd: other,
      title: "Somewhere else",
    });
  });

  it("shows the title the user gave a session", async () => {
    const s = await scenario();
    await s.initialize();
    const named = storeSession(s, s.workspace, 1, "first prompt", "My renamed session");
    const [page] = await listAll(s, s.workspace);
    expect(page!.sessions).toEqual([
      expect.objectContaining({ sessionId: named, title: "My renamed session" }),
    ]);
  });

  it("rejects an unknown cursor and a relative cwd with invalidParams", async () => {
    const s = await scenario();
    await s.initialize();
    for (const params of [
      { cursor: "offset:1000" },
      { cursor: "bm9wZQ" },
      { cwd: "relative/dir" },
    ]) {
      await expect(s.agent.request(methods.agent.session.list, params)).rejects.toMatchObject({
        code: -32602,
      });
    }
    expect(
      await s.agent.request(methods.agent.session.list, { cwd: join(s.root, "none") }),
    ).toEqual({
      sessions: [],
    });
  });

  it("survives corrupt and odd transcripts: lists what it can read, skips the rest", async () => {
    const s = await scenario();
    await s.initialize();
    const good = storeSession(s, s.workspace, 1, "Readable one");
    const cut = randomUUID();
    const whole = syntheticTranscript({
      sessionId: cut,
      cwd: s.workspace,
      turns: [{ prompt: "Cut short", text: "t" }],
    });
    store(s, s.workspace, `${cut}.jsonl`, whole.slice(0, whole.length - 40), 2);
    const odd = [
      ["garbage", "\u0000\u0001 not json\n{{{\n"],
      ["empty", ""],
      [
        "only bookkeeping",
        JSON.stringify({ type: "queue-operation", operation: "enqueue" }) + "\n",
      ],
      [
        "a subagent's",
        JSON.stringify({ type: "user", isSidechain: true, message: { content: "x" } }) + "\n",
      ],
    ];
    for (const [, text] of odd) store(s, s.workspace, `${randomUUID()}.jsonl`, text!, 3);
    store(s, s.workspace, "not-a-session.jsonl", whole, 0);
    mkdirSync(
      join(s.configDir, "projects", projectFolderName(s.workspace), `${randomUUID()}.jsonl`),
    );

    const rows = (await listAll(s, s.workspace)).flatMap((p) => p.sessions);
    expect(rows.map((r) => [r.sessionId, r.title])).toEqual([
      [good, "Readable one"],
      [cut, "Cut short"],
    ]);
    // A transcript removed between two listings is simply gone.
    rmSync(join(s.configDir, "projects", projectFolderName(s.workspace), `${good}.jsonl`));
    const after = (await listAll(s, s.workspace)).flatMap((p) => p.sessions);
    expect(after.map((r) => r.sessionId)).toEqual([cut]);
  });
});
