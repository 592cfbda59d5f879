import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, type Scenario } from "../support/acp-harness.js";
import type {
  ErrorTurn,
  MessageTurn,
  RecordedRequest,
  ScriptedTurn,
} from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";

/**
 * air-extensions.md "Context compaction" and "Question custom answers" against real
 * Claude Code: a typed /compact, an automatic compaction near the context limit and
 * failed ones, on both forms (the compaction RFD's updates and the synthetic tool call),
 * with AIR's `contextCompaction` and without it; the adapter's own idle compaction; and
 * AskUserQuestion's `Other` field
 * with AIR's `customAnswer`, its text reaching Claude as the answer.
 */
const scenario = useScenarios();

const AIR_META = { jetbrains: { air: { version: 1, capabilities: [] } } };
const CLIENTS = {
  plain: {},
  rfd: { session: { compaction: {} } },
  air: { _meta: AIR_META },
  airRfd: { session: { compaction: {} }, _meta: AIR_META },
} satisfies Record<string, ClientCapabilities>;
type Client = keyof typeof CLIENTS;

const SUMMARY_PROMPT = "Your task is to create a detailed summary of";
const isSummaryRequest = (req: RecordedRequest) =>
  JSON.stringify(req.body?.messages?.at(-1) ?? "").includes(SUMMARY_PROMPT);
/** The compaction's summary request, answered as a model writes it: a draft, then the summary. */
const summarize = (req: RecordedRequest): MessageTurn | undefined =>
  isSummaryRequest(req)
    ? {
        blocks: [
          {
            type: "text",
            text: "<analysis>Draft notes.</analysis>\n\n<summary>We said hello.</summary>",
          },
        ],
      }
    : undefined;
const failSummary = (req: RecordedRequest): ErrorTurn | undefined =>
  isSummaryRequest(req)
    ? { kind: "error", status: 400, message: "summary refused", shouldRetry: false }
    : undefined;

/** Claude Code compacts automatically above this window (tokens) ... */
const AUTO_COMPACT_ENV = { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" };
/** ... so a turn that reports this many input tokens makes the next prompt compact first. */
const FULL_CONTEXT = { input_tokens: 190_000, output_tokens: 10 };

type Update = ReturnType<Scenario["updates"]>[number];
/** The compaction's updates, in order: the RFD's or the synthetic tool call's. */
function compactionUpdates(s: Scenario, sessionId: string): Update[] {
  return s
    .updates(sessionId)
    .filter(
      (u) =>
        u.sessionUpdate === "compaction_update" ||
        u.sessionUpdate === "compaction_summary_chunk" ||
        ((u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") &&
          u.toolCallId.startsWith("compact-")),
    );
}

function compactionId(updates: readonly Update[]): string {
  const first = updates[0] as { compactionId?: string; toolCallId?: string };
  return (first.compactionId ?? first.toolCallId)!;
}

const air = (record: Record<string, unknown>) => ({
  jetbrains: { air: { version: 1, contextCompaction: { version: 1, ...record } } },
});
const compactTool = { claudeCode: { toolName: "compact" } };
const text = (t: string) => ({ type: "content", content: { type: "text", text: t } });
const counts = {
  preTokens: expect.any(Number),
  postTokens: expect.any(Number),
  durationMs: expect.any(Number),
};

/**
 * What each client gets for a compaction that succeeds, `trigger` and `summary` given.
 * AIR's `contextCompaction` trigger is `manual` or `automatic` (S000): the adapter's idle
 * compaction is `automatic` there; the tool call's `rawOutput` keeps `idle`.
 */
function expectedSuccess(client: Client, id: string, trigger: string, summary: string) {
  const facts = { trigger, ...counts };
  const airFacts = { ...facts, trigger: trigger === "idle" ? "automatic" : trigger };
  const chunk = {
    sessionUpdate: "compaction_summary_chunk",
    compactionId: id,
    content: { type: "text", text: summary },
  };
  const opening = {
    sessionUpdate: "tool_call",
    toolCallId: id,
    title: "Compact conversation",
    kind: "think",
    status: "in_progress",
  };
  const completion = {
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    status: "completed",
    content: [text(summary)],
    rawOutput: facts,
  };
  switch (client) {
    case "plain":
      return [
        { ...opening, _meta: compactTool },
        { ...completion, _meta: compactTool },
      ];
    case "air":
      return [
        { ...opening, _meta: { ...compactTool, ...air({ trigger: airFacts.trigger }) } },
        { ...completion, _meta: { ...compactTool, ...air(airFacts) } },
      ];
    case "rfd":
      return [
        { sessionUpdate: "compaction_update", compactionId: id, status: "in_progress" },
        chunk,
        { sessionUpdate: "compaction_update", compactionId: id, status: "completed" },
      ];
    case "airRfd":
      return [
        {
          sessionUpdate: "compaction_update",
          compactionId: id,
          status: "in_progress",
          _meta: air({ trigger: airFacts.trigger }),
        },
        chunk,
        {
          sessionUpdate: "compaction_update",
          compactionId: id,
          status: "completed",
          _meta: air(airFacts),
        },
      ];
  }
}

/** No `jetbrains` key anywhere in what the adapter sent a client that is not AIR. */
function expectNoAirKeys(s: Scenario, client: Client): void {
  if (client === "air" || client === "airRfd") return;
  expect(JSON.stringify(s.sentByAdapter())).not.toContain('"jetbrains"');
  expect(JSON.stringify(s.sentByAdapter())).not.toContain("contextCompaction");
}

/**
 * After a compaction a client that is not AIR is told the context it kept (upstream's
 * `usage_update`, the model's window, Claude Code's `post_tokens`); AIR is not (its
 * compaction facts say it), and no `_claude/` key reaches it.
 */
function expectContextKept(s: Scenario, sessionId: string, client: Client): void {
  const updates = s.updates(sessionId);
  const end = updates.findLastIndex(
    (u) => u.sessionUpdate === "compaction_update" || u.sessionUpdate === "tool_call_update",
  );
  expect(end).toBeGreaterThan(-1);
  const after = updates.slice(end + 1).filter((u) => u.sessionUpdate === "usage_update");
  if (client === "air" || client === "airRfd") {
    expect(after).toEqual([]);
    expect(JSON.stringify(s.sentByAdapter())).not.toContain('"_claude/');
    return;
  }
  const model = s.model.mainRequests()[0]!.body.model;
  expect(after).toStrictEqual([
    {
      sessionUpdate: "usage_update",
      used: expect.any(Number) as number,
      size: 1_000_000,
      _meta: { "_claude/model": model },
    },
  ]);
  const kept = (after[0] as { used: number }).used;
  expect(kept).toBeGreaterThan(0);
  // The tool call form's facts tell the kept context too; the RFD's update tells none.
  const facts = tokenFacts(updates[end]!, client);
  if (client === "plain") expect(kept).toBe(facts.postTokens);
  else expect(facts).toEqual({});
}

/**
 * The token counts a compaction's last update tells `client`: the tool call form's
 * `rawOutput`, or AIR's `contextCompaction` facts on the RFD's update; none on the
 * RFD's update alone (`{}`). Fails when the form that must carry them does not.
 */
function tokenFacts(update: Update, client: Client): { preTokens?: number; postTokens?: number } {
  const carried =
    client === "plain" || client === "air"
      ? (update as { rawOutput?: unknown }).rawOutput
      : client === "airRfd"
        ? (update._meta as ReturnType<typeof air> | undefined)?.jetbrains.air.contextCompaction
        : {};
  const counts = { preTokens: expect.any(Number), postTokens: expect.any(Number) };
  expect(carried).toMatchObject(client === "rfd" ? {} : counts);
  const { preTokens, postTokens } = carried as { preTokens?: number; postTokens?: number };
  return client === "rfd" ? {} : { preTokens, postTokens };
}

describe.each(Object.keys(CLIENTS) as Client[])("context compaction (%s client)", (client) => {
  it("reports a typed /compact with its trigger, token counts and summary (AIR: and replays it as it went out live)", async () => {
    const s = await scenario({
      script: [{ blocks: [{ type: "text", text: "Hello!" }] }],
      sideTurn: summarize,
    });
    await s.initialize(CLIENTS[client]);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "hi");
    expect((await s.prompt(sessionId, "/compact")).stopReason).toBe("end_turn");

    const updates = compactionUpdates(s, sessionId);
    const id = compactionId(updates);
    expect(id).toMatch(/^compact-[0-9a-f-]{36}$/);
    expect(updates).toStrictEqual(expectedSuccess(client, id, "manual", "We said hello."));
    // The RFD's updates carry no tool call; the tool call form no RFD update.
    const kinds = new Set(s.updates(sessionId).map((u) => u.sessionUpdate));
    expect(kinds.has("compaction_update")).toBe(client === "rfd" || client === "airRfd");
    expectNoAirKeys(s, client);
    expectContextKept(s, sessionId, client);
    // AIR clients: the same stored session, loaded, replays the compaction (below).
    if (client === "air" || client === "airRfd") await expectReplayedAsLive(s, sessionId, client);
  });

  it("reports an automatic compaction near the context limit", async () => {
    const s = await scenario({
      env: AUTO_COMPACT_ENV,
      script: [
        { blocks: [{ type: "text", text: "One." }] },
        { blocks: [{ type: "text", text: "Two." }] },
        { blocks: [{ type: "text", text: "Three." }], usage: FULL_CONTEXT },
        { blocks: [{ type: "text", text: "Four." }] },
      ],
      sideTurn: summarize,
    });
    await s.initialize(CLIENTS[client]);
    const sessionId = await s.newSession();
    for (const prompt of ["one", "two", "three"]) await s.prompt(sessionId, prompt);
    expect(compactionUpdates(s, sessionId)).toEqual([]);
    expect((await s.prompt(sessionId, "four")).stopReason).toBe("end_turn");

    const updates = compactionUpdates(s, sessionId);
    const id = compactionId(updates);
    expect(updates).toStrictEqual(expectedSuccess(client, id, "automatic", "We said hello."));
    // The context before it, where the form tells it (the RFD's update alone does not).
    const facts = tokenFacts(updates.at(-1)!, client);
    if (client === "rfd") expect(facts).toEqual({});
    else expect(facts.preTokens).toBeGreaterThanOrEqual(190_000);
    // Claude answered the prompt after the compaction.
    expect(s.agentText(sessionId)).toContain("Four.");
    expectNoAirKeys(s, client);
  });
});

/**
 * Replay of a compaction (AIR clients): a new adapter loads the session and replays the
 * compaction's facts as they went out live. Run by the typed /compact test above on its
 * own stored session, which saves a Claude Code run per client.
 */
async function expectReplayedAsLive(s: Scenario, sessionId: string, client: "air" | "airRfd") {
  const live = compactionUpdates(s, sessionId);
  await s.restartAdapter();
  await s.initialize(CLIENTS[client]);
  await s.agent.request(methods.agent.session.load, {
    sessionId,
    cwd: s.workspace,
    mcpServers: [],
  });
  const replay = compactionUpdates(s, sessionId);
  // The id is made up per run: live from the status message, replayed from the boundary.
  const sameIds = (updates: Update[]) =>
    JSON.parse(JSON.stringify(updates).replace(/compact-[0-9a-f-]+/g, "compact-*"));
  expect(sameIds(replay)).toStrictEqual(sameIds(live));
  expect(replay).toStrictEqual(
    expectedSuccess(client, compactionId(replay), "manual", "We said hello."),
  );
}

describe.each(["air", "airRfd", "plain"] as const)("a failed compaction (%s client)", (client) => {
  it("reports a /compact whose summary request fails, with the error", async () => {
    const s = await scenario({
      script: [{ blocks: [{ type: "text", text: "Hello!" }] }],
      sideTurn: failSummary,
    });
    await s.initialize(CLIENTS[client]);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "hi");
    await s.prompt(sessionId, "/compact");

    const updates = compactionUpdates(s, sessionId);
    const id = compactionId(updates);
    const error = "API Error: 400 summary refused";
    const opening = {
      sessionUpdate: "tool_call",
      toolCallId: id,
      title: "Compact conversation",
      kind: "think",
      status: "in_progress",
    };
    const failure = {
      sessionUpdate: "tool_call_update",
      toolCallId: id,
      status: "failed",
      content: [text(`Compaction failed: ${error}`)],
      rawOutput: { trigger: "manual", error },
    };
    const expected = {
      air: [
        { ...opening, _meta: { ...compactTool, ...air({ trigger: "manual" }) } },
        { ...failure, _meta: { ...compactTool, ...air({ trigger: "manual", error }) } },
      ],
      airRfd: [
        {
          sessionUpdate: "compaction_update",
          compactionId: id,
          status: "in_progress",
          _meta: air({ trigger: "manual" }),
        },
        {
          sessionUpdate: "compaction_update",
          compactionId: id,
          status: "failed",
          error,
          _meta: air({ trigger: "manual" }),
        },
      ],
      plain: [
        { ...opening, _meta: compactTool },
        { ...failure, _meta: compactTool },
      ],
    }[client];
    expect(updates).toStrictEqual(expected);
    // The error is in content once, nowhere else in the transcript's tool calls.
    const traffic = JSON.stringify(s.updates(sessionId));
    expect(traffic.split(`Compaction failed: ${error}`).length - 1).toBe(
      client === "airRfd" ? 0 : 1,
    );
    expectNoAirKeys(s, client);
  });
});

describe("an automatic compaction with too little conversation (AIR)", () => {
  it("fails with Claude Code's own words and the turn goes on", async () => {
    const s = await scenario({
      env: AUTO_COMPACT_ENV,
      script: [
        { blocks: [{ type: "text", text: "One." }], usage: FULL_CONTEXT },
        { blocks: [{ type: "text", text: "Two." }] },
      ],
      sideTurn: summarize,
    });
    await s.initialize(CLIENTS.air);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "one");
    expect((await s.prompt(sessionId, "two")).stopReason).toBe("end_turn");
    const updates = compactionUpdates(s, sessionId);
    const error = "Not enough messages to compact.";
    expect(updates.at(-1)).toStrictEqual({
      sessionUpdate: "tool_call_update",
      toolCallId: compactionId(updates),
      status: "failed",
      content: [text(`Compaction failed: ${error}`)],
      rawOutput: { trigger: "automatic", error },
      _meta: { ...compactTool, ...air({ trigger: "automatic", error }) },
    });
    expect(s.agentText(sessionId)).toContain("Two.");
  });
});

/** A turn that leaves a large context in a one-hour prompt cache: worth compacting idle. */
const CACHED_CONTEXT = {
  input_tokens: 10,
  cache_creation_input_tokens: 150_000,
  cache_creation: { ephemeral_1h_input_tokens: 150_000 },
  output_tokens: 10,
};
/** The idle timer fires soon after the last request; the context's floor is 100000 tokens. */
const IDLE_COMPACT_ENV = {
  CLAUDE_AGENT_ACP_IDLE_COMPACT_DELAY_MS: "300",
  CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: "100000",
  // The timer's decisions are debug lines: the test waits for them (see `decided`).
  CLAUDE_AGENT_ACP_DEBUG: "1",
};

/**
 * Waits for the adapter's debug line `message` about `sessionId` with a reason that
 * starts with `reason`. The idle timer's decisions leave no trace on the wire when it
 * sends nothing, so its log line, written as it decides, is the point after which its
 * absence is proven (`IdleCompaction.arm` / `fire`).
 */
function decided(s: Scenario, message: string, sessionId: string, reason: string) {
  const line = `debug ${message} {"sessionId":"${sessionId}","reason":"${reason}`;
  return eventually(`${message}: ${reason}`, () => s.adapterStderr.includes(line), 30_000);
}

describe.each(["air", "plain"] as const)("idle compaction (%s client)", (client) => {
  it("compacts an idle session on its own, once, and not where the settings turn it off", async () => {
    const s = await scenario({
      env: IDLE_COMPACT_ENV,
      script: [
        { blocks: [{ type: "text", text: "Hello!" }], usage: CACHED_CONTEXT },
        { blocks: [{ type: "text", text: "Hello!" }], usage: CACHED_CONTEXT },
      ],
      sideTurn: summarize,
    });
    await s.initialize(CLIENTS[client]);
    // A project whose settings turn idle compaction off (Claude Code's `idleCompaction`).
    const offProject = join(s.workspace, "off");
    mkdirSync(join(offProject, ".claude"), { recursive: true });
    writeFileSync(
      join(offProject, ".claude", "settings.json"),
      JSON.stringify({ idleCompaction: false }),
    );
    const off = await s.newSession({ cwd: offProject });
    const on = await s.newSession();
    await s.prompt(off, "hi");
    await s.prompt(on, "hi");

    // No prompt asks for it: the adapter sends /compact once the session sat idle.
    await eventually(
      "the idle compaction's end",
      () => compactionUpdates(s, on).length === 2,
      30_000,
    );
    const updates = compactionUpdates(s, on);
    expect(updates).toStrictEqual(
      expectedSuccess(client, compactionId(updates), "idle", "We said hello."),
    );
    expectContextKept(s, on, client);
    // Once per model request: the compaction did not arm it again; nothing for `off`.
    await decided(s, "idle compaction not armed", on, "compacted since the last request");
    await decided(s, "idle compaction skipped", off, "turned off by");
    expect(s.adapterStderr).not.toContain(
      `idle compaction: sending /compact {"sessionId":"${off}"`,
    );
    expect(s.model.requests.filter(isSummaryRequest)).toHaveLength(1);
    expect(compactionUpdates(s, off)).toEqual([]);
    // The session answers the next prompt after its compaction.
    s.model.push({ blocks: [{ type: "text", text: "Again." }] });
    expect((await s.prompt(on, "again")).stopReason).toBe("end_turn");
    expect(s.agentText(on)).toContain("Again.");
  });
});

const question = {
  questions: [
    {
      question: "Which database?",
      header: "DB",
      multiSelect: false,
      options: [
        { label: "Postgres", description: "Relational" },
        { label: "Redis", description: "Key-value" },
      ],
    },
    {
      question: "Which features?",
      header: "Features",
      multiSelect: true,
      options: [
        { label: "Auth", description: "Sign-in" },
        { label: "Billing", description: "Payments" },
      ],
    },
  ],
};
const oneQuestion = { questions: [question.questions[0]!] };
const askScript: ScriptedTurn[] = [
  { blocks: [{ type: "tool_use", id: "toolu_ask", name: "AskUserQuestion", input: question }] },
  { blocks: [{ type: "text", text: "Noted." }] },
  {
    blocks: [
      { type: "tool_use", id: "toolu_ask_one", name: "AskUserQuestion", input: oneQuestion },
    ],
  },
  { blocks: [{ type: "text", text: "Postgres it is." }] },
];

/** The titles the tool call `toolCallId` was given, in order. */
function titlesOf(s: Scenario, sessionId: string, toolCallId: string): string[] {
  return s
    .updates(sessionId)
    .flatMap((u) =>
      (u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") &&
      u.toolCallId === toolCallId &&
      typeof u.title === "string"
        ? [u.title]
        : [],
    );
}

/** The elicitation request as it went over the wire (before the client's SDK read it). */
function elicitationOnWire(s: Scenario): {
  requestedSchema: { properties: Record<string, unknown> };
} {
  const request = s
    .sentByAdapter()
    .find((m) => "method" in m && m.method === "elicitation/create") as
    { params: { requestedSchema: { properties: Record<string, unknown> } } } | undefined;
  return request!.params;
}

describe("AskUserQuestion custom answers", () => {
  it.each([
    ["AIR", { elicitation: { form: {} }, _meta: AIR_META }, true],
    ["a client that is not AIR", { elicitation: { form: {} } }, false],
  ] as const)(
    "%s: the Other fields, a custom answer reaching Claude, and the question's title",
    async (_name, caps, isAir) => {
      let asked = 0;
      const s = await scenario({
        script: askScript,
        onElicitation: () =>
          asked++ === 0
            ? {
                action: "accept",
                content: {
                  question_0_custom: "SQLite",
                  question_1: ["Auth"],
                  question_1_custom: "Audit log",
                },
              }
            : { action: "accept", content: { question_0: "Postgres" } },
      });
      await s.initialize(caps);
      const sessionId = await s.newSession();
      expect((await s.prompt(sessionId, "ask me")).stopReason).toBe("end_turn");

      const { properties } = elicitationOnWire(s).requestedSchema;
      const other = (n: number, q: string) => ({
        type: "string",
        title: "Other",
        description: `Your own answer to: ${q}`,
        ...(isAir
          ? {
              _meta: {
                jetbrains: {
                  air: {
                    version: 1,
                    customAnswer: { questionId: `question_${n}`, isCustomAnswer: true },
                  },
                },
              },
            }
          : {}),
      });
      expect(properties.question_0_custom).toStrictEqual(other(0, "Which database?"));
      expect(properties.question_1_custom).toStrictEqual(other(1, "Which features?"));
      // The select fields carry no hint.
      expect(Object.keys(properties.question_0 as object)).not.toContain("_meta");
      expect(Object.keys(properties.question_1 as object)).not.toContain("_meta");
      if (!isAir) expect(JSON.stringify(s.sentByAdapter())).not.toContain('"jetbrains"');

      // The text typed into Other is the answer of the first question, and joins the choice
      // of the multi-select one.
      const answer = s.model.mainRequests()[1]!.body.messages.at(-1).content[0];
      expect(answer).toMatchObject({ type: "tool_result", tool_use_id: "toolu_ask" });
      expect(answer.content).toMatch(
        /^The user answered: "Which database\?"="SQLite", "Which features\?"="Auth, Audit log"\./,
      );

      // One question: AIR's card is always "Asking for your input" (S000 "Claude tools and
      // ACP fields"); any other client's is the question.
      expect((await s.prompt(sessionId, "ask once")).stopReason).toBe("end_turn");
      const titles = titlesOf(s, sessionId, "toolu_ask_one");
      // A plain client's card starts untitled while the input streams, as upstream's.
      expect(titles.at(-1)).toBe(isAir ? "Asking for your input" : "Which database?");
      if (isAir) expect(new Set(titles)).toEqual(new Set(["Asking for your input"]));
      expect(titlesOf(s, sessionId, "toolu_ask")).toContain("Asking for your input");
    },
  );
});
