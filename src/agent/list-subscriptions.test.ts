import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClientPort } from "../client/client-port.js";
import { projectFolderName } from "../sdk/transcript-paths.js";
import { parseClientProfile } from "../extensions/compose.js";
import { ListSubscriptions } from "./list-subscriptions.js";

const A = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const B = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";

/** The session index of an AIR client that declared `sessionIndex`. */
const INDEX = parseClientProfile({
  _meta: { jetbrains: { air: { version: 1, capabilities: ["sessionIndex"] } } },
}).hooks.sessionIndex!;

let root: string;
let cwd: string;
let folder: string;
let sent: Array<{ method: string; params: unknown }>;
let lists: ListSubscriptions;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "list-subscriptions-"));
  cwd = join(root, "work");
  mkdirSync(cwd);
  vi.stubEnv("CLAUDE_CONFIG_DIR", join(root, "config"));
  folder = join(root, "config", "projects", projectFolderName(cwd));
  sent = [];
  const client = {
    notify: (method: string, params: unknown) => {
      sent.push({ method, params });
      return Promise.resolve();
    },
  } as unknown as ClientPort;
  lists = new ListSubscriptions(() => client);
});

afterEach(() => {
  lists.closeAll();
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

function store(sessionId: string, prompt: string, at = cwd): void {
  mkdirSync(folder, { recursive: true });
  const line = { type: "user", cwd: at, sessionId, message: { role: "user", content: prompt } };
  writeFileSync(join(folder, `${sessionId}.jsonl`), JSON.stringify(line) + "\n");
}

const row = (sessionId: string, title: string) => ({
  sessionId,
  cwd,
  title,
  updatedAt: expect.any(String),
  // A prompt just written, without an answer: another process at work on it.
  _meta: { jetbrains: { air: { version: 1, archived: false, state: "running" } } },
});
/** What is pending has gone out (a sync point: an absence is proved by it, not by a wait). */
const settle = () => lists.flushed();

describe("ListSubscriptions", () => {
  it("sends a touched session's new row once, then its removal; nothing after unsubscribe", async () => {
    const { subscriptionId } = await lists.subscribe(cwd, INDEX);
    store(A, "First");
    lists.touched(A);
    await settle();
    lists.touched(A); // unchanged: nothing
    await settle();
    rmSync(join(folder, `${A}.jsonl`));
    lists.touched(A);
    await settle();
    lists.unsubscribe(subscriptionId);
    store(B, "Second");
    lists.touched(B);
    await settle();
    expect(sent).toEqual([
      {
        method: "_session/list/changes",
        params: { subscriptionId, sessions: [row(A, "First")], removed: [] },
      },
      {
        method: "_session/list/changes",
        params: { subscriptionId, sessions: [], removed: [A] },
      },
    ]);
  });

  it("sends an ended turn's row again; leaves out a session of another cwd", async () => {
    const { subscriptionId } = await lists.subscribe(cwd, INDEX);
    store(A, "First");
    store(B, "Elsewhere", join(root, "other"));
    lists.touched(A);
    lists.touched(B);
    await settle();
    lists.touched(A, true);
    await settle();
    const change = { subscriptionId, sessions: [row(A, "First")], removed: [] };
    expect(sent.map((m) => m.params)).toEqual([change, change]);
  });

  it("holds a session back until its release", async () => {
    const { subscriptionId } = await lists.subscribe(cwd, INDEX);
    store(A, "Fork");
    const release = lists.holdBack(A);
    lists.touched(A);
    await settle();
    expect(sent).toEqual([]);
    release();
    await settle();
    expect(sent.map((m) => m.params)).toEqual([
      { subscriptionId, sessions: [row(A, "Fork")], removed: [] },
    ]);
  });

  it("sees another process's transcripts through the folder watcher", async () => {
    store(B, "Before");
    const { subscriptionId } = await lists.subscribe(cwd, INDEX);
    store(A, "From a terminal");
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 3_000 });
    rmSync(join(folder, `${B}.jsonl`));
    await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 3_000 });
    expect(sent.map((m) => m.params)).toEqual([
      { subscriptionId, sessions: [row(A, "From a terminal")], removed: [] },
      { subscriptionId, sessions: [], removed: [B] },
    ]);
  });
});
