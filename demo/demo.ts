/**
 * `npm run demo`: one scripted session with the real adapter, offline. It starts the
 * scripted model server, the adapter (which starts Claude Code) and a small terminal
 * ACP client, and prints what the client receives. No account, no network.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import {
  client,
  methods,
  ndJsonStream,
  type ClientConnection,
  type PermissionOption,
  type PromptResponse,
} from "@agentclientprotocol/sdk/unstable";
import { Transcript } from "./render.js";
import {
  demoScript,
  GREETING_AFTER,
  GREETING_BEFORE,
  GREETING_FILE,
  USER_PROMPT,
} from "./script.js";
import { palette, wantsColor } from "./style.js";
import { startWorld, type World } from "./world.js";

/** Every wait ends by this deadline; the watchdog ends the process shortly after. */
const BUDGET_MS = 45_000;
const WATCHDOG_MS = 58_000;
const startedAt = Date.now();

const c = palette(wantsColor(process.env, process.stdout.isTTY));
/** Set when stdout is gone (`npm run demo | head`): the demo still cleans up. */
let stdoutClosed = false;
process.stdout.on("error", () => (stdoutClosed = true));
const print = (text: string): void => {
  if (text && !stdoutClosed) process.stdout.write(text);
};

/** What went over the wire, for the closing note on missing pieces. */
const seen = { thoughts: 0, messages: 0, toolCalls: 0, permissions: 0, usageUpdates: 0 };

class Timeout extends Error {}

/** `promise`, or a Timeout after `ms` (never past the demo's overall budget). */
function within<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  const left = Math.max(0, Math.min(ms, startedAt + BUDGET_MS - Date.now()));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Timeout(`no answer to ${what} within ${(left / 1000).toFixed(0)} s`)),
      left,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The demo client: renders every session update and answers permission requests. */
function connect(world: World, transcript: Transcript): ClientConnection {
  const stream = ndJsonStream(
    Writable.toWeb(world.adapter.stdin!) as WritableStream<Uint8Array>,
    Readable.toWeb(world.adapter.stdout!) as ReadableStream<Uint8Array>,
  );
  return client({ name: "demo-client" })
    .onNotification(methods.client.session.update, ({ params }) => {
      const kind = params.update.sessionUpdate;
      if (kind === "agent_thought_chunk") seen.thoughts++;
      if (kind === "agent_message_chunk") seen.messages++;
      if (kind === "tool_call" || kind === "tool_call_update") seen.toolCalls++;
      if (kind === "usage_update") seen.usageUpdates++;
      print(transcript.update(params.update));
    })
    .onRequest(methods.client.session.requestPermission, ({ params }) => {
      seen.permissions++;
      const picked: PermissionOption | undefined =
        params.options.find((o) => o.kind === "allow_once") ?? params.options[0];
      print(transcript.permission(params, picked));
      return picked
        ? { outcome: { outcome: "selected", optionId: picked.optionId } }
        : { outcome: { outcome: "cancelled" } };
    })
    .connect(stream);
}

async function prompt(
  connection: ClientConnection,
  sessionId: string,
  transcript: Transcript,
): Promise<PromptResponse> {
  const pending = connection.agent.request(methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: "text", text: USER_PROMPT }],
  });
  try {
    return await within("session/prompt", pending, 40_000);
  } catch (error) {
    if (!(error instanceof Timeout)) throw error;
    // Ask the adapter to stop the turn, and show how it ended if it does so quickly.
    await connection.agent
      .notify(methods.agent.session.cancel, { sessionId })
      .catch(() => undefined);
    const late = await Promise.race([
      pending,
      new Promise<undefined>((r) => setTimeout(() => r(undefined), 3_000)),
    ]).catch(() => undefined);
    if (late) print(transcript.result(late));
    throw error;
  }
}

function missingPieces(): string[] {
  const missing: string[] = [];
  if (seen.thoughts === 0) missing.push("agent_thought_chunk");
  if (seen.messages === 0) missing.push("agent_message_chunk");
  if (seen.toolCalls === 0) missing.push("tool_call / tool_call_update");
  if (seen.permissions === 0) missing.push("session/request_permission");
  if (seen.usageUpdates === 0) missing.push("usage_update");
  return missing;
}

async function run(world: World, transcript: Transcript): Promise<void> {
  const connection = connect(world, transcript);
  await within(
    "initialize",
    connection.agent.request(methods.agent.initialize, {
      protocolVersion: 1,
      // The Zed terminal convention: command output arrives in `_meta.terminal_output`.
      clientCapabilities: { _meta: { terminal_output: true } },
    }),
    10_000,
  );
  const { sessionId } = await within(
    "session/new",
    connection.agent.request(methods.agent.session.new, { cwd: world.workspace, mcpServers: [] }),
    25_000,
  );
  print(transcript.user(USER_PROMPT));
  print(transcript.result(await prompt(connection, sessionId, transcript)));

  const after = readFileSync(join(world.workspace, GREETING_FILE), "utf8");
  const verdict = after === GREETING_AFTER ? c.green("fixed") : c.yellow("not changed");
  print(transcript.note(`${GREETING_FILE} after the session (${verdict}${c.dim("):")}`));
  print(
    after
      .trimEnd()
      .split("\n")
      .map((line) => `  ${c.dim("│")} ${line}\n`)
      .join(""),
  );
  const missing = missingPieces();
  if (missing.length > 0) {
    print(`\n${c.yellow("note:")} not seen on the wire this run: ${missing.join(", ")}\n`);
  }
  connection.close();
}

async function main(): Promise<number> {
  print(
    `${c.bold("claude-agent-acp demo")} ${c.dim("· real adapter + Claude Code, scripted model, offline")}\n`,
  );
  const world = await startWorld({ [GREETING_FILE]: GREETING_BEFORE }, demoScript);
  const watchdog = setTimeout(
    () => {
      print(`\n${c.red("✗ the demo did not finish in time; killing everything it started")}\n`);
      world.killNow();
      process.exit(1);
    },
    WATCHDOG_MS - (Date.now() - startedAt),
  );
  watchdog.unref();
  process.once("SIGINT", () => {
    world.killNow();
    process.exit(130);
  });
  print(c.dim(`workspace ${world.workspace} (temporary) · model server ${world.model.url}`) + "\n");
  const transcript = new Transcript(c, world.workspace);
  let code = 0;
  try {
    await run(world, transcript);
  } catch (error) {
    code = 1;
    print(transcript.error(error instanceof Error ? error.message : String(error)));
    const logs = world.stderr().trim().split("\n").slice(-15).join("\n");
    if (logs) print(c.dim(`adapter stderr (last lines):\n${logs}`) + "\n");
  } finally {
    const left = await world.close();
    if (left.length > 0) {
      print(c.yellow(`killed ${left.length} process(es) the adapter left running\n`));
      code = 1;
    }
    clearTimeout(watchdog);
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
