import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MessageTurn, RecordedRequest } from "../../test/support/model-server.js";
import { readCpuMs } from "../proc-cpu.js";
import { withRunEnv, type RunEnv } from "../run-env.js";
import { cpuRow, fmtMs, medianExtra, timeRow } from "../verdict.js";
import type { Workload } from "../workload.js";
import { expectText, readySession } from "./session-start.js";

/** Small files in the workspace, read round-robin. */
const FILES = 10;
const WARM_ANSWER = "Warmed up.";
const ANSWER = "Read every file.";
/** Both sides allow Read by rule, so no permission is ever asked (and none is answered). */
const SETTINGS = { permissions: { defaultMode: "default", allow: ["Read"] } };
/** Tool-use ids the script gives the timed turn's calls; the results are checked by them. */
const TOOL_ID_PREFIX = "toolu_bench_read_";

function writeFiles(workspace: string): string[] {
  return Array.from({ length: FILES }, (_, i) => {
    const path = join(workspace, `notes-${i}.txt`);
    const lines = Array.from(
      { length: 20 },
      (_, l) => `file ${i} line ${l + 1}: the benchmark reads this text.`,
    );
    writeFileSync(path, `${lines.join("\n")}\n`);
    return path;
  });
}

function readTurn(id: string, path: string): MessageTurn {
  return { blocks: [{ type: "tool_use", id, name: "Read", input: { file_path: path } }] };
}

/** tool_result blocks of the last user message of a model request. */
function toolResults(
  request: RecordedRequest,
): Array<{ tool_use_id?: string; is_error?: boolean }> {
  const messages =
    (request.body as { messages?: Array<{ role?: string; content?: unknown }> }).messages ?? [];
  const last = [...messages].reverse().find((m) => m.role === "user");
  if (!last || !Array.isArray(last.content)) return [];
  return (
    last.content as Array<{ type?: string; tool_use_id?: string; is_error?: boolean }>
  ).filter((b) => b.type === "tool_result");
}

/**
 * Throws unless every scripted Read of the timed turn came back to the model as a
 * successful tool_result (the request after a tool_use carries its result): a denied
 * or failed Read (is_error) would make the two sides do different work.
 */
async function expectReads(
  what: string,
  env: RunEnv,
  firstRequest: number,
  calls: number,
): Promise<void> {
  const requests = (await env.model.mainRequests()).slice(firstRequest);
  if (requests.length !== calls + 1) {
    throw new Error(`${what}: ${requests.length} model requests, expected ${calls + 1}`);
  }
  let ok = 0;
  for (const request of requests.slice(1)) {
    const results = toolResults(request).filter((r) => r.tool_use_id?.startsWith(TOOL_ID_PREFIX));
    if (results.length === 1 && results[0]!.is_error !== true) ok++;
  }
  if (ok !== calls)
    throw new Error(`${what}: ${ok} of ${calls} Read calls returned a successful tool_result`);
}

/**
 * 5. A tool-heavy turn: the model answers `toolCalls` (default 100) main requests with
 * one `Read` tool_use each (10 small workspace files, absolute paths, round-robin), then
 * a final text answer. Both sides allow Read by rule in the run's user settings, so no
 * permission is asked. One untimed warm-up turn (one Read, then text) first. Adapter:
 * `session/prompt` → response; bare: push a user message → `result`. The run's time is
 * per call: the whole turn / `toolCalls`.
 */
export const toolTurn: Workload = {
  key: "tools",
  title: "tool-heavy turn",
  run: (side, config) =>
    withRunEnv({ settings: SETTINGS }, async (env) => {
      const files = writeFiles(env.workspace);
      const calls = config.toolCalls;
      await env.model.push(
        readTurn("toolu_warm_read", files[0]!),
        { blocks: [{ type: "text", text: WARM_ANSWER, deltas: 1 }] },
        ...Array.from({ length: calls }, (_, i) =>
          readTurn(`${TOOL_ID_PREFIX}${i}`, files[i % FILES]!),
        ),
        { blocks: [{ type: "text", text: ANSWER, deltas: 2 }] },
      );

      const session = await readySession(side, env);
      try {
        expectText(
          `${side} warm-up turn`,
          await session.prompt("Read one file."),
          WARM_ANSWER.length,
        );
        const firstRequest = (await env.model.mainRequests()).length;
        const cpuBefore = readCpuMs(session.pid);
        const claudeBefore = env.othersCpuMs(session.pid);
        const t = await session.prompt(`Read the notes files ${calls} times.`);
        const cpuMs = readCpuMs(session.pid) - cpuBefore;
        const claudeCpuMs = env.othersCpuMs(session.pid) - claudeBefore;
        expectText(`${side} tool turn`, t, ANSWER.length);
        await expectReads(`${side} tool turn`, env, firstRequest, calls);
        if (session.permissionRequests() > 0) {
          throw new Error(
            `${side}: ${session.permissionRequests()} permission request(s); Read should be allowed by rule`,
          );
        }
        const arrivals = env.model.mainRequestTimes.filter((at) => at >= t.startedAt);
        const first = arrivals[0] ?? Number.NaN;
        const last = arrivals[arrivals.length - 1] ?? Number.NaN;
        return {
          ms: t.doneMs / calls,
          cpuMs,
          mem: {},
          extra: {
            totalMs: t.doneMs,
            cpuMs,
            // prompt → first model request; each tool round trip (model answer → next
            // request, averaged); last model request → turn done.
            inboundMs: first - t.startedAt,
            roundTripMs: (last - first) / calls,
            tailMs: t.startedAt + t.doneMs - last,
            claudeCpuMs,
          },
        };
      } finally {
        await session.shutdown();
      }
    }),
  report(adapter, bare, config) {
    const calls = config.toolCalls;
    const both = (key: string, per = 1): string =>
      `adapter ${fmtMs(medianExtra(adapter, key) / per)}, bare ${fmtMs(medianExtra(bare, key) / per)}`;
    return {
      rows: [
        timeRow(`5 tools: ${calls} Read calls, per call`, adapter, bare, 1.1),
        cpuRow("  CPU of own process during the turn", adapter, bare),
      ],
      notes: [
        `tools: whole turn (prompt → response / result): ${both("totalMs")}; ` +
          `own process CPU per call: ${both("cpuMs", calls)}; Claude Code CPU per call: ${both("claudeCpuMs", calls)}`,
        `tools: prompt → first model request: ${both("inboundMs")}; ` +
          `one Read round trip (model request → next model request): ${both("roundTripMs")}; ` +
          `last model request → done: ${both("tailMs")}`,
      ],
    };
  },
};
