import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  methods,
  type AnyMessage,
  type ClientCapabilities,
} from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import { commandLine, parentPid, processesWithEnv } from "../support/processes.js";
import { useScenarios } from "../support/scenario-test.js";
import { claudeCodeUp as upAndAnnounced } from "../support/sync-points.js";

const scenario = useScenarios();

/**
 * `session/new`, `session/resume` and `session/fork` answer from the model list Claude
 * Code's last start stored on disk (`sdk/start-cache/model-list-cache.ts`), without waiting for
 * Claude Code; when Claude Code's real list differs, one `config_option_update` follows
 * the answer. `session/load` does not: nothing may follow its answer.
 */

/** A model no Claude Code offers: an answer that lists it was built from the cache. */
const CACHE_ONLY = {
  value: "cache-only",
  displayName: "Cache Only",
  description: "Only the cache knows this one",
};

/** Each scenario's own cache folder, so that the test can read and damage the file. */
async function start(settings?: Record<string, unknown>, env?: Record<string, undefined>) {
  const s = await scenario({
    script: [{ blocks: [{ type: "text", text: "Stored answer." }] }],
    env: { XDG_CACHE_HOME: "", ...env },
    ...(settings ? { settings } : {}),
  });
  return s;
}

function cacheDir(s: Scenario): string {
  return join(s.root, "home", ".cache", "claude-agent-acp");
}

/** The adapter's cached model lists (one per setup), or command lists (per project too). */
function cacheFiles(s: Scenario, kind: "models" | "commands" = "models"): string[] {
  const dir = cacheDir(s);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => new RegExp(`^${kind}-[0-9a-f]{32}\\.json$`).test(f))
    .map((f) => join(dir, f));
}

interface CacheFile {
  version: number;
  key: string;
  models: Array<{ value: string }>;
}

const readCache = (path: string): CacheFile => JSON.parse(readFileSync(path, "utf8")) as CacheFile;

/** A stored session with one exchange, and the model list file its Claude Code wrote. */
async function storedSession(s: Scenario, profile: ClientCapabilities = PROFILES.plain) {
  await s.initialize(profile);
  const answer = await s.agent.request(methods.agent.session.new, {
    cwd: s.workspace,
    mcpServers: [],
  });
  expect((await s.prompt(answer.sessionId, "remember this")).stopReason).toBe("end_turn");
  await eventually("the model list file", () => cacheFiles(s).length === 1);
  return { sessionId: answer.sessionId, newAnswer: answer, file: cacheFiles(s)[0]! };
}

/**
 * A new adapter process that finds the stored list with a model no Claude Code offers,
 * as a Claude Code that offers other models would have left it; initialized.
 */
async function restartWithCacheOnlyModel(
  s: Scenario,
  file: string,
  profile: ClientCapabilities = PROFILES.plain,
): Promise<void> {
  await s.restartAdapter();
  const stored = readCache(file);
  writeFileSync(file, JSON.stringify({ ...stored, models: [CACHE_ONLY, ...stored.models] }));
  await s.initialize(profile);
}

function load(s: Scenario, sessionId: string) {
  return s.agent.request(methods.agent.session.load, {
    sessionId,
    cwd: s.workspace,
    mcpServers: [],
  });
}

function modelValues(answer: { configOptions?: unknown }): string[] {
  const options = answer.configOptions as Array<{ id: string; options: Array<{ value: string }> }>;
  return options.find((o) => o.id === "model")!.options.map((o) => o.value);
}

/** The adapter's messages after the load's answer. */
function afterAnswer(s: Scenario): AnyMessage[] {
  const sent = s.sentByAdapter();
  const answer = sent.findIndex((m) => "result" in m && "configOptions" in (m.result as object));
  expect(answer).toBeGreaterThanOrEqual(0);
  return sent.slice(answer + 1);
}

/** The session/update messages of one kind (the same objects, so their order can be compared). */
function updatesOfKind(messages: AnyMessage[], kind: string): AnyMessage[] {
  return messages.filter(
    (m) =>
      "method" in m &&
      m.method === "session/update" &&
      (m.params as { update: { sessionUpdate: string } }).update.sessionUpdate === kind,
  );
}

const updateOf = (message: AnyMessage): object =>
  (message as { params: { update: object } }).params.update;

/**
 * Claude Code is up and the adapter took its answer: what that answer changes was sent
 * (or held) before the answer to a no-op `session/set_mode` (`sync-points.ts`), and its
 * start stored Claude Code's own model list and commands (`Session.onStarted`).
 */
async function claudeCodeUp(s: Scenario, sessionId: string, stored: () => boolean) {
  await settled(s, sessionId);
  await eventually("Claude Code's start to store its answer", stored);
}

/** The sync point alone: the scenarios' sessions run in the settings' mode, `default`. */
const settled = (s: Scenario, sessionId: string) => upAndAnnounced(s, sessionId, "default");

/** The model list file holds Claude Code's own list again (no model only the cache knew). */
const realListStored = (file: string) => () => {
  try {
    return !readCache(file).models.some((m) => m.value === CACHE_ONLY.value);
  } catch {
    return false;
  }
};

describe.each(Object.entries(PROFILES))(
  "session/load with a cached start answer (%s client)",
  (_name, profile) => {
    // Both cases load the same stored session (one Claude Code start less per case).
    it("answers after the replay with the cached options and commands; Claude Code's changes wait for the next prompt; with only the model list cached it waits for Claude Code: commands before the answer, nothing after", async () => {
      const s = await start();
      const { sessionId, file, newAnswer } = await storedSession(s, profile);
      expect(cacheFiles(s, "commands")).toHaveLength(1);
      await restartWithCacheOnlyModel(s, file, profile);
      const answer = await load(s, sessionId);
      // Only the cache knows this model: the answer did not wait for Claude Code.
      expect(modelValues(answer)).toEqual(["cache-only", ...modelValues(newAnswer)]);
      // The commands went out before the answer, from the cache.
      expect(s.updates(sessionId).map((u) => u.sessionUpdate)).toContain(
        "available_commands_update",
      );
      // Claude Code comes up after the answer and offers other models: nothing follows the
      // answer, the correction waits for the client's next prompt.
      await claudeCodeUp(s, sessionId, realListStored(file));
      expect(afterAnswer(s).filter((m) => "method" in m && m.method === "session/update")).toEqual(
        [],
      );
      s.model.push({ blocks: [{ type: "text", text: "Right after the load." }] });
      expect((await s.prompt(sessionId, "and now?")).stopReason).toBe("end_turn");
      const after = afterAnswer(s);
      const corrections = updatesOfKind(after, "config_option_update");
      expect(corrections).toHaveLength(1);
      expect(modelValues(updateOf(corrections[0]!))).toEqual(modelValues(newAnswer));
      expect(after.indexOf(corrections[0]!)).toBeLessThan(
        after.indexOf(updatesOfKind(after, "agent_message_chunk")[0]!),
      );
      expect(s.agentText(sessionId)).toContain("Right after the load.");
      expect(JSON.stringify(s.model.mainRequests().at(-1)!.body.messages)).toContain(
        "remember this",
      );

      // Only the model list cached: the load waits for Claude Code.
      for (const commands of cacheFiles(s, "commands")) rmSync(commands);
      await restartWithCacheOnlyModel(s, file, profile);
      const waited = await load(s, sessionId);
      expect(modelValues(waited)).toEqual(modelValues(newAnswer));
      const kinds = s.updates(sessionId).map((u) => u.sessionUpdate);
      expect(kinds).toContain("available_commands_update");
      // Claude Code started alongside the replay, not from the cached list: no correction.
      expect(kinds).not.toContain("config_option_update");
      // Claude Code's start stored the commands for the next load.
      await claudeCodeUp(s, sessionId, () => cacheFiles(s, "commands").length === 1);
      expect(afterAnswer(s).filter((m) => "method" in m && m.method === "session/update")).toEqual(
        [],
      );
      expect(cacheFiles(s, "commands")).toHaveLength(1);
    }, 120_000);
  },
);

describe("the login probe after an answer from the cache", () => {
  it("session/resume, then session/new: waits until the session's Claude Code is up, not only for the answer", async () => {
    // A key from a helper: a session's start does not tell that login (only a key from the
    // environment), so the probe runs.
    const s = await start(
      { apiKeyHelper: "echo sk-ant-test-key-000000" },
      { ANTHROPIC_API_KEY: undefined },
    );
    const { sessionId } = await storedSession(s);
    for (const method of ["session/resume", "session/new"]) {
      await s.restartAdapter();
      // The probe is due 100 ms after initialize, once no Claude Code is starting. An editor
      // sends the session's request right behind initialize; so does this test, without
      // waiting for initialize's answer, so that the session's start is under way before
      // the probe is due however slow this machine is.
      const initialized = s.initialize();
      // Whether the client had the commands when the probe was seen; undefined: never seen.
      let commandsBeforeProbe: boolean | undefined;
      const watch = (async () => {
        for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
          const probe = processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).some(
            (pid) =>
              parentPid(pid) === s.adapter.pid && commandLine(pid).includes(" auth status --json"),
          );
          if (probe) {
            // The adapter hands the commands over once Claude Code is up, before the probe
            // may start: whatever it answers after the probe was seen comes after them.
            // (Beside the start, the probe would show up some 450 ms before the commands.)
            await s.agent.request("_test/sync", {}).catch(() => undefined);
            commandsBeforeProbe =
              updatesOfKind(s.sentByAdapter(), "available_commands_update").length > 0;
            return;
          }
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const params = method === "session/resume" ? { sessionId, cwd: s.workspace } : {};
      const opened = s.agent.request(method, { cwd: s.workspace, mcpServers: [], ...params });
      await initialized;
      await opened;
      await watch;
      expect(commandsBeforeProbe, method).toBe(true);
    }
  }, 120_000);
});

/** Damages to the stored model list, each of which the cache must not be used with. */
const DAMAGES: Array<[string, (file: string, s: Scenario) => void]> = [
  ["is corrupt", (file: string) => writeFileSync(file, '{"version":1,"key":"')],
  [
    "was stored under another key",
    (file: string) => {
      const stored = readCache(file);
      writeFileSync(
        file,
        JSON.stringify({
          ...stored,
          key: `${stored.key.slice(0, 32)}${"0".repeat(32)}`,
          models: [CACHE_ONLY],
        }),
      );
    },
  ],
  [
    "another Claude Code setup stored (the settings changed)",
    (file: string, s: Scenario) => {
      const stored = readCache(file);
      writeFileSync(file, JSON.stringify({ ...stored, models: [CACHE_ONLY] }));
      const settings = join(s.configDir, "settings.json");
      const current = JSON.parse(readFileSync(settings, "utf8")) as object;
      writeFileSync(
        settings,
        JSON.stringify({ ...current, env: { ANTHROPIC_DEFAULT_HAIKU_MODEL: "my-haiku" } }),
      );
    },
  ],
];

describe("session/resume does not use a model list cache that", () => {
  // One stored session, resumed once per damage (each case restores a usable list).
  it("is corrupt, was stored under another key, or another Claude Code setup stored (the settings changed): it waits for Claude Code's own list", async () => {
    const s = await start();
    const { sessionId, file } = await storedSession(s);
    for (const [name, damage] of DAMAGES) {
      await s.restartAdapter();
      damage(file, s);
      await s.initialize();
      const answer = await s.agent.request(methods.agent.session.resume, {
        sessionId,
        cwd: s.workspace,
      });
      const values = modelValues(answer);
      expect(values, name).not.toContain("cache-only");
      expect(values, name).toContain("sonnet");
      // The answer waited for Claude Code: no correction follows it.
      await eventually(`the commands (${name})`, () =>
        s.updates(sessionId).some((u) => u.sessionUpdate === "available_commands_update"),
      );
      await settled(s, sessionId);
      expect(updatesOfKind(afterAnswer(s), "config_option_update"), name).toEqual([]);
      // The real start stored a usable list again.
      await eventually(`a usable model list file (${name})`, () =>
        cacheFiles(s).some((f) => {
          try {
            const c = readCache(f);
            return c.models.some((m) => m.value === "sonnet");
          } catch {
            return false;
          }
        }),
      );
    }
  }, 120_000);
});

describe.each([
  ["session/resume", methods.agent.session.resume],
  ["session/fork", methods.agent.session.fork],
] as const)("%s with a cached model list", (_name, method) => {
  // Both cases take up the same stored session (one Claude Code start less per case).
  it("sends no config_option_update when Claude Code offers what the cache said; answers from a cache Claude Code disagrees with, then takes a prompt once Claude Code is ready", async () => {
    const s = await start();
    const { sessionId, file, newAnswer } = await storedSession(s);
    await s.restartAdapter();
    await s.initialize();
    const same = (await s.agent.request(method, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    })) as { sessionId?: string; configOptions?: unknown };
    expect(modelValues(same)).toEqual(modelValues(newAnswer));
    const sameId = same.sessionId ?? sessionId;
    await eventually("the commands", () =>
      s.updates(sameId).some((u) => u.sessionUpdate === "available_commands_update"),
    );
    await settled(s, sameId);
    expect(updatesOfKind(afterAnswer(s), "config_option_update")).toEqual([]);

    // The cache knows a model Claude Code does not offer.
    await restartWithCacheOnlyModel(s, file);
    const answer = (await s.agent.request(method, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    })) as { sessionId?: string; configOptions?: unknown };
    // Only the cache knows this model: the answer did not wait for Claude Code.
    expect(modelValues(answer)).toEqual(["cache-only", ...modelValues(newAnswer)]);
    const id = answer.sessionId ?? sessionId;
    // Once Claude Code is up, the client hears its real model list, once, and its commands.
    await eventually("the commands", () =>
      s.updates(id).some((u) => u.sessionUpdate === "available_commands_update"),
    );
    await settled(s, id);
    const after = afterAnswer(s);
    const corrections = updatesOfKind(after, "config_option_update");
    expect(corrections).toHaveLength(1);
    expect(modelValues(updateOf(corrections[0]!))).toEqual(modelValues(newAnswer));
    expect(updatesOfKind(after, "available_commands_update")).toHaveLength(1);
    // The real start refreshed the file, and only Claude Code's real models can be chosen.
    expect(readCache(file).models.map((m) => m.value)).toEqual(modelValues(newAnswer));
    await expect(
      s.agent.request(methods.agent.session.setConfigOption, {
        sessionId: id,
        configId: "model",
        value: "cache-only",
      }),
    ).rejects.toMatchObject({ code: -32602 });
    s.model.push({ blocks: [{ type: "text", text: "Continued." }] });
    expect((await s.prompt(id, "and now?")).stopReason).toBe("end_turn");
    expect(JSON.stringify(s.model.mainRequests().at(-1)!.body.messages)).toContain("remember this");
  }, 120_000);
});

describe("session/new with a cached model list", () => {
  it("is written by a real Claude Code start, with the models the session offered; answers from the cache while Claude Code starts, then corrects the options once", async () => {
    const s = await start();
    const { file, newAnswer } = await storedSession(s);
    const stored = readCache(file);
    expect(stored.version).toBe(1);
    expect(file).toContain(`models-${stored.key.slice(0, 32)}.json`);
    expect(stored.models.map((m) => m.value)).toEqual(modelValues(newAnswer));
    expect(stored.models.map((m) => m.value)).toContain("sonnet");
    await restartWithCacheOnlyModel(s, file);
    const answer = await s.agent.request(methods.agent.session.new, {
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(modelValues(answer)).toEqual(["cache-only", ...modelValues(newAnswer)]);
    await eventually("the correction", () =>
      s.updates(answer.sessionId).some((u) => u.sessionUpdate === "config_option_update"),
    );
    const corrections = updatesOfKind(afterAnswer(s), "config_option_update");
    expect(corrections).toHaveLength(1);
    expect(modelValues(updateOf(corrections[0]!))).toEqual(modelValues(newAnswer));
    s.model.push({ blocks: [{ type: "text", text: "A new one." }] });
    expect((await s.prompt(answer.sessionId, "hello")).stopReason).toBe("end_turn");
    expect(s.agentText(answer.sessionId)).toContain("A new one.");
  });
});

describe("a prompt cancelled before Claude Code is up", () => {
  it("answers cancelled; the commands wait for the next prompt, nothing follows the answer", async () => {
    const s = await start();
    await storedSession(s);
    // Without cached commands, they come once Claude Code is up: after the cancel.
    for (const commands of cacheFiles(s, "commands")) rmSync(commands);
    await s.restartAdapter();
    await s.initialize();
    const { sessionId } = await s.agent.request(methods.agent.session.new, {
      cwd: s.workspace,
      mcpServers: [],
    });
    // Answered from the cache: Claude Code is still starting, so the prompt waits.
    const first = s.prompt(sessionId, "too early");
    await s.cancel(sessionId);
    expect(await first).toMatchObject({ stopReason: "cancelled", _meta: { quota: {} } });
    // Claude Code is up once its start stored the commands again.
    await claudeCodeUp(s, sessionId, () => cacheFiles(s, "commands").length === 1);
    const sent = s.sentByAdapter();
    const cancelledAt = sent.findIndex(
      (m) => "result" in m && (m.result as { stopReason?: unknown }).stopReason === "cancelled",
    );
    expect(cancelledAt).toBeGreaterThanOrEqual(0);
    expect(updatesOfKind(sent.slice(cancelledAt + 1), "available_commands_update")).toEqual([]);
    expect(s.updates(sessionId)).toEqual([]);

    s.model.push({ blocks: [{ type: "text", text: "On time." }] });
    expect((await s.prompt(sessionId, "now")).stopReason).toBe("end_turn");
    const kinds = s.updates(sessionId).map((u) => u.sessionUpdate);
    expect(kinds[0]).toBe("available_commands_update");
    expect(kinds).toContain("agent_message_chunk");
    // The cancelled prompt never reached Claude Code.
    expect(JSON.stringify(s.model.mainRequests().at(-1)!.body.messages)).not.toContain("too early");
  });
});
