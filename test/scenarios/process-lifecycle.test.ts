import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { waitForExit } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import {
  BYPASS,
  bashTurn,
  claudeProcess,
  HANGING_COMMAND,
  shellRunning,
} from "../support/script-turns.js";

const scenario = useScenarios();

/**
 * The adapter must never leave Claude Code or its shells behind, however it ends —
 * including SIGKILL, which runs no cleanup at all.
 */
describe("the adapter's end leaves no process behind", () => {
  it.each([
    ["stdin closes", "stdin"],
    ["SIGTERM", "SIGTERM"],
    ["SIGKILL", "SIGKILL"],
  ] as const)("%s during a running shell command", async (_name, how) => {
    const s = await scenario({ ...BYPASS, script: [bashTurn(HANGING_COMMAND)] });
    await s.initialize();
    const sessionId = await s.newSession();
    s.prompt(sessionId, "run it").catch(() => undefined);
    await shellRunning(s);
    expect(claudeProcess(s)).toBeDefined();

    if (how === "stdin") s.adapter.stdin!.end();
    else s.adapter.kill(how);
    expect(await waitForExit(s.adapter, 5_000)).toBe(true);
    expect(await s.leftoverProcesses(5_000)).toEqual([]);
  });

  it("the client closing its end of stdout ends the adapter cleanly at its next write", async () => {
    const s = await scenario({ ...BYPASS, script: [bashTurn(HANGING_COMMAND)] });
    await s.initialize();
    const sessionId = await s.newSession();
    s.prompt(sessionId, "run it").catch(() => undefined);
    await shellRunning(s);

    const closed = once(s.adapter.stdout!, "close");
    s.adapter.stdout!.destroy();
    await closed;
    // Anything the adapter writes now fails (EPIPE): an unknown method's error answer.
    // (A whole line: without its newline the request is never read, and until the login
    // state was only pushed on change, that push had been the write that failed.)
    s.writeRaw(`${JSON.stringify({ jsonrpc: "2.0", id: 99, method: "no/such/method" })}\n`);
    expect(await waitForExit(s.adapter, 5_000)).toBe(true);
    expect(s.adapter.exitCode).toBe(0);
    expect(s.adapterStderr).not.toMatch(/Unhandled 'error' event|EPIPE/);
    expect(await s.leftoverProcesses(5_000)).toEqual([]);
  });
});
