import { readFileSync } from "node:fs";
import { join } from "node:path";
import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { projectFolderName } from "../../src/sdk/transcript-paths.js";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import { LODY } from "../support/lody.js";
import type { MessageTurn, RecordedRequest } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

/**
 * Lody's session titles (lody-contract.md §7.2) and turnId / forkAtTurn (§7.9) against
 * real Claude Code and the scripted model: one title named by the model from the turns'
 * text, a turnId after each assistant message live and on load, a fork that ends at a
 * turn; none of it for a plain or an AIR client.
 */
const scenario = useScenarios();

const AIR = {
  _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
} satisfies ClientCapabilities;

const FIRST_PROMPT = "Fix the login bug in auth.ts";
const FIRST_ANSWER = "The token refresh was broken; it is fixed.";
const SECOND_PROMPT = "And the logout one";
const SECOND_ANSWER = "Logout clears the cookie now.";

/** Claude Code's request to name the session (`generate_session_title`). */
const isNaming = (request: RecordedRequest) =>
  JSON.stringify(request.body?.system ?? "").includes("You are naming a coding session");

/** Names the session with `titles` in turn (the last one repeats). */
function naming(...titles: string[]) {
  let n = 0;
  return (request: RecordedRequest): MessageTurn | undefined => {
    if (!isNaming(request)) return undefined;
    const title = titles[Math.min(n++, titles.length - 1)]!;
    return { blocks: [{ type: "text", text: JSON.stringify({ title }) }] };
  };
}

type Meta = { lody?: Record<string, unknown> } | undefined;
const lodyMeta = (update: { _meta?: unknown }) => (update._meta as Meta)?.lody;

/** The session's `session_info_update`s that carry `key` under `_meta.lody`. */
function infoWith(s: Scenario, sessionId: string, key: string) {
  return s
    .updates(sessionId)
    .filter((u) => u.sessionUpdate === "session_info_update" && lodyMeta(u)?.[key] !== undefined);
}

const titles = (s: Scenario, sessionId: string) =>
  infoWith(s, sessionId, "titleSource").map((u) => [
    (u as { title?: string }).title,
    lodyMeta(u)!.titleSource,
  ]);

const turnIds = (s: Scenario, sessionId: string) =>
  infoWith(s, sessionId, "turnId").map((u) => lodyMeta(u)!.turnId);

/** The uuids of the assistant entries of a session's transcript, in order. */
function assistantUuids(s: Scenario, sessionId: string): string[] {
  const path = join(s.configDir, "projects", projectFolderName(s.workspace), `${sessionId}.jsonl`);
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { type?: string; uuid?: string; isSidechain?: boolean })
    .filter((entry) => entry.type === "assistant" && !entry.isSidechain)
    .map((entry) => entry.uuid!);
}

/** Each turnId update follows the agent message it names. */
function kindsAround(s: Scenario, sessionId: string): string[] {
  return s
    .updates(sessionId)
    .filter(
      (u) =>
        u.sessionUpdate === "agent_message_chunk" ||
        u.sessionUpdate === "user_message_chunk" ||
        (u.sessionUpdate === "session_info_update" && lodyMeta(u)?.turnId !== undefined),
    )
    .map((u) => (u.sessionUpdate === "session_info_update" ? "turnId" : u.sessionUpdate))
    .filter((kind, i, all) => kind !== all[i - 1]);
}

function fork(s: Scenario, sessionId: string, meta: Record<string, unknown>) {
  return s.agent.request(methods.agent.session.fork, { sessionId, cwd: s.workspace, _meta: meta });
}

/** Two turns on a new session of a client with `capabilities`. */
async function twoTurns(s: Scenario, capabilities: ClientCapabilities): Promise<string> {
  s.model.push(textTurn(FIRST_ANSWER), textTurn(SECOND_ANSWER));
  await s.initialize(capabilities);
  const sessionId = await s.newSession();
  expect((await s.prompt(sessionId, FIRST_PROMPT)).stopReason).toBe("end_turn");
  expect((await s.prompt(sessionId, SECOND_PROMPT)).stopReason).toBe("end_turn");
  return sessionId;
}

/**
 * Sync point for "no title was asked for": one more prompt on the same session (its
 * answer comes from the script). The adapter decides at a turn's end, before the turn's
 * answer, whether to ask, and asks its Claude Code then (`generate_session_title`, a
 * control request); Claude Code reads that request before this prompt and starts the
 * naming request it makes before this prompt's own model request, which the prompt's
 * answer follows. (This leans on Claude Code: of two inputs read in order, the naming's
 * short path reaches the model before the prompt's turn does; it does not prove that a
 * title asked for after this prompt's own turn is absent.)
 */
async function settleTitleRequests(s: Scenario, sessionId: string): Promise<void> {
  s.model.push(textTurn("Nothing more."));
  expect((await s.prompt(sessionId, "Anything else?")).stopReason).toBe("end_turn");
}

describe("Lody session titles", () => {
  it("one title per session, named by the model from the prompt and answer; never asked again", async () => {
    const s = await scenario({ sideTurn: naming("  Login \n token   refresh ") });
    const sessionId = await twoTurns(s, LODY);
    await eventually("the generated title", () => titles(s, sessionId).length > 0);
    await settleTitleRequests(s, sessionId);
    expect(titles(s, sessionId)).toEqual([["Login token refresh", "generated"]]);
    const update = infoWith(s, sessionId, "titleSource")[0]!;
    expect(Object.keys(update).sort()).toEqual(["_meta", "sessionUpdate", "title", "updatedAt"]);
    expect(update._meta).toStrictEqual({ lody: { titleSource: "generated" } });
    const asked = s.model.requests.filter(isNaming);
    expect(asked).toHaveLength(1);
    const description = JSON.stringify(asked[0]!.body.messages);
    expect(description).toContain(FIRST_PROMPT);
    expect(description).toContain(FIRST_ANSWER);
  });

  it("an empty generation sends the fallback and tries again after the next turn", async () => {
    const s = await scenario({ sideTurn: naming("", "Login and logout") });
    s.model.push(textTurn(FIRST_ANSWER), textTurn(SECOND_ANSWER));
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, FIRST_PROMPT);
    await eventually("the fallback title", () => titles(s, sessionId).length === 1);
    await s.prompt(sessionId, SECOND_PROMPT);
    await eventually("the generated title", () => titles(s, sessionId).length === 2);
    expect(titles(s, sessionId)).toEqual([
      [FIRST_PROMPT, "fallback"],
      ["Login and logout", "generated"],
    ]);
    expect(s.model.requests.filter(isNaming)).toHaveLength(2);
    const second = JSON.stringify(s.model.requests.filter(isNaming)[1]!.body.messages);
    expect(second).toContain(SECOND_ANSWER);
  });
});

describe("Lody stored titles", () => {
  it("the user's title is explicit, never overwritten, and replayed on load", async () => {
    const s = await scenario({ sideTurn: naming("Login") });
    s.model.push(textTurn(FIRST_ANSWER), textTurn(SECOND_ANSWER));
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "/rename  Auth   work");
    await s.prompt(sessionId, FIRST_PROMPT);
    await settleTitleRequests(s, sessionId);
    expect(titles(s, sessionId)).toEqual([["Auth work", "explicit"]]);
    expect(s.model.requests.filter(isNaming)).toHaveLength(0);

    await s.restartAdapter();
    await s.initialize(LODY);
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(titles(s, sessionId)).toEqual([["Auth work", "explicit"]]);
    await s.prompt(sessionId, SECOND_PROMPT);
    await settleTitleRequests(s, sessionId);
    expect(titles(s, sessionId)).toEqual([["Auth work", "explicit"]]);
    expect(s.model.requests.filter(isNaming)).toHaveLength(0);
  });
});

describe("Lody turnId and forkAtTurn", () => {
  it("a turnId follows each assistant message, live and on load; a fork at a turn ends there", async () => {
    const s = await scenario({ sideTurn: naming("Login") });
    const sessionId = await twoTurns(s, LODY);
    const uuids = assistantUuids(s, sessionId);
    expect(uuids).toHaveLength(2);
    expect(turnIds(s, sessionId)).toEqual(uuids);
    expect(kindsAround(s, sessionId)).toEqual([
      "agent_message_chunk",
      "turnId",
      "agent_message_chunk",
      "turnId",
    ]);

    await s.restartAdapter();
    await s.initialize(LODY);
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(turnIds(s, sessionId)).toEqual(uuids);
    // Claude Code's stored title previews the session (the generated one is not stored).
    expect(titles(s, sessionId)).toEqual([[FIRST_PROMPT, "fallback"]]);
    expect(kindsAround(s, sessionId)).toEqual([
      "user_message_chunk",
      "agent_message_chunk",
      "turnId",
      "user_message_chunk",
      "agent_message_chunk",
      "turnId",
    ]);

    const forked = (
      await fork(s, sessionId, { lody: { forkAtTurn: { version: 1, turnId: uuids[0] } } })
    ).sessionId;
    expect(forked).not.toBe(sessionId);
    s.model.push(textTurn("On the fork."));
    expect((await s.prompt(forked, "After the fork")).stopReason).toBe("end_turn");
    const history = JSON.stringify(s.model.mainRequests().at(-1)!.body.messages);
    expect(history).toContain(FIRST_PROMPT);
    expect(history).toContain(FIRST_ANSWER);
    expect(history).not.toContain(SECOND_PROMPT);
    expect(history).not.toContain(SECOND_ANSWER);

    // No turn, or an empty one: the whole history.
    for (const forkAtTurn of [{ version: 1 }, { version: 1, turnId: "" }]) {
      const whole = (await fork(s, sessionId, { lody: { forkAtTurn } })).sessionId;
      s.model.push(textTurn("On the whole fork."));
      await s.prompt(whole, "After the whole fork");
      expect(JSON.stringify(s.model.mainRequests().at(-1)!.body.messages)).toContain(SECOND_ANSWER);
    }
    // Malformed, or naming no message: invalid params, and no fork.
    for (const forkAtTurn of [
      { version: 2, turnId: uuids[0] },
      { version: 1, turnId: 5 },
      "turn",
      { version: 1, turnId: "no-such-turn" },
    ]) {
      await expect(fork(s, sessionId, { lody: { forkAtTurn } })).rejects.toMatchObject({
        code: -32602,
      });
    }
  });
});

describe("not negotiated", () => {
  it.each([
    ["a plain client", PROFILES.plain],
    ["an AIR client", AIR],
  ])(
    "%s gets no title source, no turnId, no generated title; forkAtTurn is ignored",
    async (_name, caps) => {
      const s = await scenario({ sideTurn: naming("Login") });
      const sessionId = await twoTurns(s, caps);
      // Before the fork: the sync point must be a prompt to the same Claude Code.
      await settleTitleRequests(s, sessionId);
      const uuids = assistantUuids(s, sessionId);
      const forked = (
        await fork(s, sessionId, { lody: { forkAtTurn: { version: 1, turnId: uuids[0] } } })
      ).sessionId;
      s.model.push(textTurn("On the fork."));
      await s.prompt(forked, "After the fork");
      expect(JSON.stringify(s.model.mainRequests().at(-1)!.body.messages)).toContain(SECOND_ANSWER);
      expect(s.model.requests.filter(isNaming)).toHaveLength(0);
      const sent = JSON.stringify(s.sentByAdapter());
      expect(sent).not.toContain("lody");
      expect(sent).not.toContain("titleSource");
      expect(sent).not.toContain("turnId");
      // The plain title still goes out, without a source.
      const info = s.updates(sessionId).filter((u) => u.sessionUpdate === "session_info_update");
      expect(info.filter((u) => "title" in u).map((u) => (u as { title?: string }).title)).toEqual([
        FIRST_PROMPT,
      ]);
    },
  );
});
