import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eventually, type TrafficEntry } from "./acp-harness.js";
import type { ModelServer, ScriptedTurn } from "./model-server.js";
import { SUBAGENT_SCRIPT, textTurn, toolTurn } from "./script-turns.js";

/**
 * The scripted conversations both golden comparisons with the upstream adapter run
 * (`upstream-golden.test.ts` for v1 clients, `upstream-golden-v2.test.ts` for v2), written
 * once against `GoldenClient`, which each protocol's test implements; and the sync points
 * that make the traffic of a run not depend on the machine's load.
 *
 * Why sync points: a message gets the turn of the client's last request in its difference
 * key (`golden.ts`), so a message an adapter sends late (a session title, a usage report)
 * must have gone out before the client sends its next request, or a loaded machine moves
 * it to another turn. Each wait names the message it waits for and why it comes.
 */

/** One side of a golden comparison: a client of one protocol, talking to one adapter. */
export interface GoldenClient {
  readonly adapter: "ours" | "upstream";
  readonly workspace: string;
  readonly model: ModelServer;
  readonly traffic: readonly TrafficEntry[];
  initialize(): Promise<unknown>;
  /** `session/new`, with the scripted MCP echo server when `echo`. */
  newSession(echo?: boolean): Promise<string>;
  /** Scripts `turns`, sends a prompt and resolves when its turn has ended. */
  turn(sessionId: string, text: string, ...turns: ScriptedTurn[]): Promise<void>;
  /** Sends the prompts at once (`turns` scripted for them) and waits for their turns. */
  together(sessionId: string, texts: readonly string[], turns: ScriptedTurn[]): Promise<void>;
  /** The mode and the model, as the protocol's client changes them. */
  switchModes(sessionId: string): Promise<void>;
  /** A prompt whose model call hangs, cancelled, until its turn has ended. */
  hangAndCancel(sessionId: string): Promise<void>;
  /** The session methods at the end of `more`: list, fork, close, reopen, prompt again. */
  sessions(sessionId: string): Promise<void>;
  request(method: string, params: Record<string, unknown>): Promise<unknown>;
}

export const NOTES = "alpha\nbeta\n";
/** The tool calls the user rejects when asked (every other request is allowed). */
export const REJECTED = new Set(["toolu_denied", "toolu_denied_fetch"]);
/** Claude Code's settings for the comparisons (see `GOLDEN_ENV`'s comments). */
export const GOLDEN_ENV = {
  // Upstream always offers bypassPermissions, which Claude Code refuses as root without it.
  IS_SANDBOX: "1",
  // Claude Code 0.3.318 offers TodoWrite (rather than its task tools) only with this switch.
  CLAUDE_CODE_ENABLE_TODO_TOOLS: "1",
  CLAUDE_CODE_ENABLE_TASKS: "0",
};

/** The option a user picks: allow, but for the tool calls in `REJECTED`. */
export function chosenOption<T extends { kind: string; optionId: string }>(
  toolCallId: string,
  options: readonly T[],
): string {
  const kind = REJECTED.has(toolCallId) ? "reject_once" : "allow_once";
  return (options.find((o) => o.kind === kind) ?? options[0]!).optionId;
}

/** The agent's `session/update`s of `kind` for one session, in order (from traffic entry `from`). */
export function sentUpdates(
  c: GoldenClient,
  sessionId: string,
  kind: string,
  from = 0,
): Array<Record<string, unknown>> {
  return c.traffic.slice(from).flatMap(({ dir, message }) => {
    const m = message as { method?: string; params?: { sessionId?: string; update?: object } };
    const update = m.params?.update as Record<string, unknown> | undefined;
    const ours = dir === "to-client" && m.method === "session/update";
    return ours && m.params?.sessionId === sessionId && update?.sessionUpdate === kind
      ? [update]
      : [];
  });
}

/**
 * Waits until the session has sent its `count.ours` / `count.upstream`-th title
 * (`session_info_update`), or, for a string, a title with that text. Ours titles a session
 * at the end of the first turn that reaches Claude, before the turn's end; upstream 0.101.0
 * sends its titles after a model call of its own (or a read of the session file) that ends
 * while the next turn runs, so each title of upstream's is waited for in the turn that asks
 * for it (measured: the same titles in every run, in another turn when the machine is
 * loaded). Where upstream's own calls race (a prompt's title falls back to the prompt
 * unless its model call answered first), the wait names the generated title, after which
 * upstream sends no other.
 */
export async function titled(
  c: GoldenClient,
  sessionId: string,
  count: { ours: number; upstream: number | string },
): Promise<void> {
  const want = count[c.adapter];
  const titles = () => sentUpdates(c, sessionId, "session_info_update").map((u) => u.title);
  await eventually(
    `${c.adapter}'s title ${JSON.stringify(want)}`,
    () => (typeof want === "string" ? titles().includes(want) : titles().length >= want),
    60_000,
  );
}

/**
 * The first conversation: text and thinking, a command, a read, an edit, a write, a
 * rejected command, two prompts at once, modes and models, a model API error, a cancel.
 */
export async function basics(c: GoldenClient): Promise<void> {
  const notes = join(c.workspace, "notes.txt");
  writeFileSync(notes, NOTES);
  await c.initialize();
  const sessionId = await c.newSession();
  await c.turn(sessionId, "hello", {
    blocks: [
      { type: "thinking", thinking: "Let me think." },
      { type: "text", text: "Hello there." },
    ],
  });
  // Both title the session after this turn (upstream: from its text, by a model call).
  await titled(c, sessionId, { ours: 1, upstream: 1 });
  const bash = { command: "echo hi > out.txt", description: "Write out.txt" };
  await c.turn(sessionId, "write it", toolTurn("toolu_bash", "Bash", bash), textTurn("written"));
  await c.turn(
    sessionId,
    "read it",
    toolTurn("toolu_read", "Read", { file_path: notes }),
    textTurn("read"),
  );
  const edit = { file_path: notes, old_string: "beta", new_string: "gamma" };
  await c.turn(sessionId, "edit it", toolTurn("toolu_edit", "Edit", edit), textTurn("edited"));
  const write = { file_path: join(c.workspace, "new.txt"), content: "fresh\n" };
  await c.turn(
    sessionId,
    "write a new file",
    toolTurn("toolu_write", "Write", write),
    textTurn("created"),
  );
  const remove = { command: "rm new.txt", description: "Remove new.txt" };
  await c.turn(
    sessionId,
    "remove it",
    toolTurn("toolu_denied", "Bash", remove),
    textTurn("not removed"),
  );
  await c.together(sessionId, ["one", "two"], [textTurn("first"), textTurn("second")]);
  await c.switchModes(sessionId);
  await c.turn(sessionId, "fail", {
    kind: "error",
    status: 400,
    message: "Scripted bad request",
    times: 3,
  });
  await c.hangAndCancel(sessionId);
}

/**
 * The second conversation: a custom slash command, the plan tool, a fetch the user
 * rejects, an MCP tool, a subagent (flat for a client that does not declare subagents),
 * retried and failed model calls (529, 429, 401), then the sessions (`GoldenClient.sessions`).
 */
export async function more(c: GoldenClient): Promise<void> {
  mkdirSync(join(c.workspace, ".claude/commands"), { recursive: true });
  writeFileSync(join(c.workspace, ".claude/commands/greet.md"), "Say hello to $ARGUMENTS.\n");
  writeFileSync(join(c.workspace, "notes.txt"), NOTES);
  await c.initialize();
  const sessionId = await c.newSession(true);
  await c.turn(sessionId, "/greet the team", textTurn("Hello, team."));
  // Both title the session from this prompt (upstream: its answer comes a turn later).
  await titled(c, sessionId, { ours: 1, upstream: 1 });
  const todos = [
    { content: "Read the notes", status: "completed", activeForm: "Reading the notes" },
    { content: "Write the summary", status: "in_progress", activeForm: "Writing" },
  ];
  await c.turn(
    sessionId,
    "plan it",
    toolTurn("toolu_todo", "TodoWrite", { todos }),
    textTurn("planned"),
  );
  const fetch = { url: "https://example.com/", prompt: "Summarise" };
  await c.turn(
    sessionId,
    "fetch it",
    toolTurn("toolu_denied_fetch", "WebFetch", fetch),
    textTurn("not fetched"),
  );
  const echo = toolTurn("toolu_echo", "mcp__echo__echo", { text: "ping" });
  await c.turn(sessionId, "echo", echo, textTurn("echoed"));
  await c.turn(sessionId, "delegate", ...SUBAGENT_SCRIPT);
  await c.turn(sessionId, "busy", {
    kind: "error",
    status: 529,
    errorType: "overloaded_error",
    times: 2,
  });
  // Upstream titles a session again after a failed turn: by its last prompt.
  await titled(c, sessionId, { ours: 1, upstream: 2 });
  await c.turn(sessionId, "limit", {
    kind: "error",
    status: 429,
    errorType: "rate_limit_error",
    times: 2,
  });
  await c.turn(sessionId, "who", { kind: "error", status: 401, times: 2 });
  await c.sessions(sessionId);
}
