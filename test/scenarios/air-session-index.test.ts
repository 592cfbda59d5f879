import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { projectFolderName } from "../../src/sdk/transcript-paths.js";
import { eventually, type Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const air = (...capabilities: string[]) =>
  ({ _meta: { jetbrains: { air: { version: 1, capabilities } } } }) satisfies ClientCapabilities;

type Row = { sessionId: string; cwd?: string; title: string; _meta?: unknown };
type Changes = { subscriptionId: string; sessions: Row[]; removed: string[] };

/** A session with one turn, and a way to read its `session/list` row. */
async function oneSession(s: Scenario, capabilities: ClientCapabilities) {
  s.model.push({ blocks: [{ type: "text", text: "Done." }] });
  await s.initialize(capabilities);
  const sessionId = await s.newSession();
  await s.prompt(sessionId, "Something to index");
  return { sessionId, row: rowOf(s, sessionId) };
}

/** The session's row in `session/list` with AIR's `archived` filter (`all` by default). */
function rowOf(s: Scenario, sessionId: string) {
  return async (archived: string | null = "all") => {
    const _meta = archived ? { jetbrains: { air: { list: { archived } } } } : undefined;
    const { sessions } = await s.agent.request(methods.agent.session.list, {
      cwd: s.workspace,
      _meta,
    });
    return sessions.find((r) => r.sessionId === sessionId);
  };
}

const archivedUpdates = (s: Scenario, sessionId: string) =>
  s
    .updates(sessionId)
    .filter(
      (u) => u.sessionUpdate === "session_info_update" && JSON.stringify(u).includes("archived"),
    );

/** The `_session/list/changes` notifications so far. */
const listChanges = (s: Scenario) =>
  s.extNotifications
    .filter((n) => n.method === "_session/list/changes")
    .map((n) => n.params as Changes);

/** Waits for a change notification that `match`es, sent after the first `from`. */
async function changeAfter(s: Scenario, from: number, match: (c: Changes) => boolean) {
  await eventually("a session list change", () => listChanges(s).slice(from).some(match));
  return listChanges(s).slice(from).find(match)!;
}

describe("AIR session index (sessionIndex)", () => {
  it("renames, archives and unarchives a session, lists it by archive state and tells a subscriber", async () => {
    const s = await scenario();
    await s.initialize(air("sessionIndex"));
    const call = (method: string, params: object) => s.agent.request(method, params);
    const { subscriptionId } = (await call("_session/list/subscribe", { cwd: s.workspace })) as {
      subscriptionId: string;
    };
    expect(subscriptionId).toEqual(expect.any(String));

    // A new session: its row comes once its first turn stored it.
    s.model.push({ blocks: [{ type: "text", text: "Done." }] });
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "Something to index");
    const row = rowOf(s, sessionId);
    const created = await changeAfter(s, 0, (c) =>
      c.sessions.some((r) => r.sessionId === sessionId),
    );
    expect(created).toEqual({
      subscriptionId,
      sessions: [indexRow(sessionId, "Something to index", false)],
      removed: [],
    });
    expect(await row()).toEqual(indexRow(sessionId, "Something to index", false));

    const changed = async (action: () => Promise<unknown>, title: string, archived: boolean) => {
      const from = listChanges(s).length;
      expect(await action()).toEqual({});
      const shows = (r: Row) =>
        r.sessionId === sessionId &&
        r.title === title &&
        JSON.stringify(r._meta).includes(`"archived":${archived}`);
      const change = await changeAfter(s, from, (c) => c.sessions.some(shows));
      expect(change).toEqual({
        subscriptionId,
        sessions: [indexRow(sessionId, title, archived)],
        removed: [],
      });
    };
    await changed(
      () => call("_session/rename", { sessionId, title: "  Chosen name " }),
      "Chosen name",
      false,
    );
    await changed(() => call("_session/archive", { sessionId }), "Chosen name", true);
    // The default list hides an archived session; `archived` and `all` show it.
    expect(await row(null)).toBeUndefined();
    expect(await row("unarchived")).toBeUndefined();
    expect((await row("archived"))?.title).toBe("Chosen name");
    // The live Claude Code's next turn keeps the stored title; the turn is a change too.
    s.model.push({ blocks: [{ type: "text", text: "Again." }] });
    await changed(() => s.prompt(sessionId, "One more turn").then(() => ({})), "Chosen name", true);
    await changed(() => call("_session/rename", { sessionId, title: "Renamed" }), "Renamed", true);
    await changed(() => call("_session/unarchive", { sessionId }), "Renamed", false);
    expect((await row(null))?.title).toBe("Renamed");
    expect(await row("archived")).toBeUndefined();

    // The live session heard of each change: its visible title and archive state.
    expect(archivedUpdates(s, sessionId)).toEqual([
      infoUpdate("Chosen name", false),
      infoUpdate("Chosen name", true),
      infoUpdate("Renamed", true),
      infoUpdate("Renamed", false),
    ]);

    // Another process's session in the folder: seen by the folder's watcher.
    const folder = dirname(
      readdirSync(join(s.configDir, "projects"), { recursive: true, withFileTypes: true })
        .map((e) => join(e.parentPath, e.name))
        .find((path) => path.endsWith(`${sessionId}.jsonl`))!,
    );
    const otherId = "11111111-1111-4111-8111-111111111111";
    const cwd = (await row())!.cwd as string;
    const line = {
      type: "user",
      cwd,
      sessionId: otherId,
      message: { role: "user", content: "From a terminal" },
    };
    writeFileSync(join(folder, `${otherId}.jsonl`), JSON.stringify(line) + "\n");
    const outside = await changeAfter(s, 0, (c) => c.sessions.some((r) => r.sessionId === otherId));
    // A prompt just written and no answer: another process is at work on it.
    expect(outside.sessions).toEqual([
      indexRow(otherId, "From a terminal", false, { state: "running" }),
    ]);
    rmSync(join(folder, `${otherId}.jsonl`));
    await changeAfter(s, 0, (c) => c.removed.includes(otherId));

    // A fork is a new session: its row comes after the fork's answer named it.
    const beforeFork = listChanges(s).length;
    const forked = await s.agent.request(methods.agent.session.fork, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    const hasFork = (c: Changes) => c.sessions.some((r) => r.sessionId === forked.sessionId);
    expect(listChanges(s).slice(beforeFork).filter(hasFork)).toEqual([]);
    await changeAfter(s, beforeFork, hasFork);

    // A delete removes the row.
    const before = listChanges(s).length;
    await call(methods.agent.session.delete, { sessionId });
    expect(await changeAfter(s, before, (c) => c.removed.length > 0)).toEqual({
      subscriptionId,
      sessions: [],
      removed: [sessionId],
    });

    // After an unsubscribe nothing more comes.
    expect(await call("_session/list/unsubscribe", { subscriptionId })).toEqual({});
    expect(await call("_session/list/unsubscribe", { subscriptionId })).toEqual({});
    // Sync point: a witness, subscribed after the unsubscribe. This connection's events
    // reach every live subscription in one loop (`ListSubscriptions.touched`), each then
    // waits the same debounce, the one made first first, and reads the same rows: once
    // the witness told of the new session, the old subscription, were it alive, would
    // have too. (Close, not strict: the two flushes' reads of the transcript may finish
    // in either order.)
    const { subscriptionId: witness } = (await call("_session/list/subscribe", {
      cwd: s.workspace,
    })) as { subscriptionId: string };
    const quiet = listChanges(s).length;
    s.model.push({ blocks: [{ type: "text", text: "Done." }] });
    const another = await s.newSession();
    await s.prompt(another, "Not followed");
    const seen = await changeAfter(s, quiet, (c) =>
      c.sessions.some((r) => r.sessionId === another),
    );
    expect(seen.subscriptionId).toBe(witness);
    expect(
      listChanges(s)
        .slice(quiet)
        .filter((c) => c.subscriptionId !== witness),
    ).toEqual([]);
  });

  it("lists a worktree's sessions with includeWorktrees, marked agentWorktree when Claude Code made it", async () => {
    const s = await scenario();
    await s.initialize(air("sessionIndex"));
    // The workspace is a repository with a linked worktree, where a session ran.
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
        cwd: s.workspace,
        stdio: "ignore",
      });
    git("init", "-q");
    git("commit", "-q", "--allow-empty", "-m", "first");
    const worktree = join(realpathSync(s.root), "wt");
    git("worktree", "add", "-q", worktree);
    const sessionId = "22222222-2222-4222-8222-222222222222";
    const folder = join(s.configDir, "projects", projectFolderName(worktree));
    mkdirSync(folder, { recursive: true });
    const records = [
      {
        type: "user",
        cwd: worktree,
        sessionId,
        message: { role: "user", content: "In a worktree" },
      },
      { type: "worktree-state", worktreeSession: { worktreePath: worktree }, sessionId },
    ];
    writeFileSync(
      join(folder, `${sessionId}.jsonl`),
      records.map((r) => JSON.stringify(r) + "\n").join(""),
    );

    const list = async (includeWorktrees?: boolean) =>
      (
        await s.agent.request(methods.agent.session.list, {
          cwd: s.workspace,
          _meta: { jetbrains: { air: { list: { includeWorktrees } } } },
        })
      ).sessions;
    const row = {
      sessionId,
      cwd: worktree,
      title: "In a worktree",
      updatedAt: expect.any(String),
      // A prompt without an answer, written just now: at work in another process.
      _meta: {
        jetbrains: { air: { version: 1, archived: false, agentWorktree: true, state: "running" } },
      },
    };
    expect(await list()).toEqual([]);
    expect(await list(true)).toEqual([row]);
    expect(await s.agent.request("_session/batch_get", { sessionIds: [sessionId] })).toEqual({
      sessions: [row],
    });
    // The worktree removed: no longer marked.
    git("worktree", "remove", "--force", worktree);
    expect(await s.agent.request("_session/batch_get", { sessionIds: [sessionId] })).toEqual({
      sessions: [
        {
          ...row,
          _meta: { jetbrains: { air: { version: 1, archived: false, state: "running" } } },
        },
      ],
    });
  });

  it("answers rows by id with _session/batch_get, with the last prompt, model, fork origin, state, turn end and cost", async () => {
    const s = await scenario();
    const { sessionId, row } = await oneSession(s, air("sessionIndex"));
    const missing = "00000000-0000-4000-8000-000000000000";
    const batch = async (...sessionIds: string[]) =>
      ((await s.agent.request("_session/batch_get", { sessionIds })) as { sessions: Row[] })
        .sessions;
    expect(await batch(missing, sessionId)).toEqual([await row()]);

    // This process's session: the transcript's prompt time and model, Claude Code's own
    // state, turn end and cost.
    const transcript = transcriptOf(s, sessionId);
    const entries = readFileSync(transcript, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const prompt = entries.find(
      (e) => e.type === "user" && JSON.stringify(e.message).includes("Something to index"),
    )!;
    const answer = entries.findLast((e) => e.type === "assistant")!;
    const [own] = await batch(sessionId);
    const fields = airFields(own!);
    expect(fields).toStrictEqual({
      version: 1,
      archived: false,
      lastPromptAt: new Date(Date.parse(prompt.timestamp as string)).toISOString(),
      model: (answer.message as { model: string }).model,
      state: "idle",
      lastTurnEndedAt: expect.stringMatching(ISO_TIME),
      cost: { amount: expect.any(Number), currency: "USD" },
    });
    expect(Date.parse(fields.lastTurnEndedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(prompt.timestamp as string),
    );
    expect((fields.cost as { amount: number }).amount).toBeGreaterThan(0);

    // A fork names the session it came from.
    const forked = await s.agent.request(methods.agent.session.fork, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    await eventually("the fork's transcript", () => existsSync(transcriptOf(s, forked.sessionId)));
    const [fork] = await batch(forked.sessionId);
    expect(airFields(fork!).forkedFrom).toBe(sessionId);

    // Another process's session, read from its transcript alone: its last turn ended with
    // an API error, no cost is known.
    const otherId = "33333333-3333-4333-8333-333333333333";
    const at = (s: number) => `2026-06-01T10:00:0${s}.000Z`;
    const common = { sessionId: otherId, cwd: own!.cwd as string };
    const records = [
      { type: "user", timestamp: at(1), message: { role: "user", content: "Elsewhere" } },
      {
        type: "assistant",
        timestamp: at(2),
        message: { model: "claude-sonnet-5", stop_reason: "tool_use", content: [] },
      },
      {
        type: "assistant",
        timestamp: at(3),
        isApiErrorMessage: true,
        message: { model: "<synthetic>", stop_reason: "stop_sequence", content: [] },
      },
      { type: "system", subtype: "turn_duration", timestamp: at(4) },
    ];
    writeFileSync(
      join(dirname(transcript), `${otherId}.jsonl`),
      records.map((r) => JSON.stringify({ ...r, ...common }) + "\n").join(""),
    );
    expect(await batch(otherId)).toStrictEqual([
      {
        sessionId: otherId,
        cwd: own!.cwd,
        title: "Elsewhere",
        updatedAt: expect.any(String),
        _meta: {
          jetbrains: {
            air: {
              version: 1,
              archived: false,
              lastPromptAt: at(1),
              model: "claude-sonnet-5",
              state: "error",
              lastTurnEndedAt: at(4),
            },
          },
        },
      },
    ]);
  });

  it("refuses bad params (-32602) and unknown sessions", async () => {
    const s = await scenario();
    const { sessionId } = await oneSession(s, air("sessionIndex"));
    for (const [method, params] of [
      ["_session/rename", { sessionId, title: " " }],
      ["_session/rename", { sessionId }],
      ["_session/archive", {}],
      ["_session/batch_get", { sessionIds: "x" }],
      ["_session/list/subscribe", { cwd: "relative/dir" }],
      ["_session/list/subscribe", {}],
      ["_session/list/unsubscribe", {}],
      [methods.agent.session.list, { _meta: { jetbrains: { air: { list: { archived: "x" } } } } }],
      [methods.agent.session.list, { _meta: { jetbrains: { air: { list: { limit: 0 } } } } }],
    ] as const) {
      await expect(s.agent.request(method, params)).rejects.toMatchObject({ code: -32602 });
    }
    await expect(
      s.agent.request("_session/archive", { sessionId: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it.each([
    ["an AIR client without sessionIndex", air()],
    ["a plain client", {}],
  ])("is not offered to %s", async (_name, capabilities) => {
    const s = await scenario();
    const { sessionId, row } = await oneSession(s, capabilities);
    for (const [method, params] of [
      ["_session/rename", { sessionId, title: "New" }],
      ["_session/archive", { sessionId }],
      ["_session/unarchive", { sessionId }],
      ["_session/batch_get", { sessionIds: [sessionId] }],
      ["_session/list/subscribe", { cwd: s.workspace }],
      ["_session/list/unsubscribe", { subscriptionId: "x" }],
    ] as const) {
      await expect(s.agent.request(method, params)).rejects.toMatchObject({ code: -32601 });
    }
    // The plain row: no AIR metadata, and the list options are not read; `archived`, as
    // every row of an agent that advertises the standard archive (issue 33).
    expect(await row("not a filter")).toStrictEqual({
      sessionId,
      cwd: expect.any(String),
      title: "Something to index",
      updatedAt: expect.any(String),
      archived: false,
    });
    expect(JSON.stringify(s.updates(sessionId))).not.toContain("archived");
    expect(s.extNotifications.filter((n) => n.method === "_session/list/changes")).toEqual([]);
  });
});

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** The row fields of a session this process ran a turn of (times, model and cost vary). */
const RAN_HERE = {
  lastPromptAt: expect.stringMatching(ISO_TIME) as string,
  model: expect.stringMatching(/^claude-/) as string,
  state: expect.stringMatching(/^(idle|running)$/) as string,
  lastTurnEndedAt: expect.stringMatching(ISO_TIME) as string,
  cost: { amount: expect.any(Number) as number, currency: "USD" },
};

function indexRow(
  sessionId: string,
  title: string,
  archived: boolean,
  fields: Record<string, unknown> = RAN_HERE,
) {
  return {
    sessionId,
    cwd: expect.any(String),
    title,
    updatedAt: expect.any(String),
    _meta: { jetbrains: { air: { version: 1, archived, ...fields } } },
  };
}

/** The path of a session's transcript under the scenario's config dir. */
function transcriptOf(s: Scenario, sessionId: string): string {
  const found = readdirSync(join(s.configDir, "projects"), { recursive: true, withFileTypes: true })
    .map((e) => join(e.parentPath, e.name))
    .find((path) => path.endsWith(`${sessionId}.jsonl`));
  return found ?? join(s.configDir, "projects", `${sessionId}.jsonl`);
}

/** A row's `_meta.jetbrains.air`. */
function airFields(row: Row): Record<string, unknown> {
  return (row._meta as { jetbrains: { air: Record<string, unknown> } }).jetbrains.air;
}

function infoUpdate(title: string, archived: boolean) {
  return {
    sessionUpdate: "session_info_update",
    title,
    _meta: { jetbrains: { air: { version: 1, archived } } },
  };
}
