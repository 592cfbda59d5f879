/**
 * Claude Code's own start, timed from the SDK in this process (issue 34, start rows): when
 * its `initialize` answer arrives, when a `get_settings` control request sent after it
 * (or right away) is answered, and when a prompt's `result` arrives when the prompt is
 * pushed at once or only after those answers. Alternating variants, fresh run env each.
 *
 *   npm run build && BENCH_RUNS=5 node dist/bench/cc-timing-probe.js
 */
import { performance } from "node:perf_hooks";
import { query, type SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { PushIterable } from "./push-iterable.js";
import { withRunEnv, type RunEnv } from "./run-env.js";
import { median } from "./stats.js";

const ANSWER = "Two plus two is four.";
const runs = Number(process.env.BENCH_RUNS ?? 5);

type Variant = "pushAtOnce" | "pushAfterSettings" | "pushAfterInit" | "settingsEarly";
const variants: Variant[] = ["pushAtOnce", "pushAfterSettings", "pushAfterInit", "settingsEarly"];

function user(): SDKUserMessage {
  return {
    type: "user",
    message: { role: "user", content: "What is two plus two?" },
    parent_tool_use_id: null,
  } as SDKUserMessage;
}

async function once(env: RunEnv, variant: Variant): Promise<Record<string, number>> {
  const input = new PushIterable<SDKUserMessage>();
  const t0 = performance.now();
  const marks: Record<string, number> = {};
  const q = query({
    prompt: input,
    options: {
      cwd: env.workspace,
      includePartialMessages: true,
      env: env.env,
      settingSources: ["user", "project", "local"],
      systemPrompt: { type: "preset", preset: "claude_code" },
    },
  });
  const getSettings = (q as unknown as { getSettings: () => Promise<unknown> }).getSettings.bind(q);
  if (variant === "pushAtOnce") input.push(user());
  const early = variant === "settingsEarly" ? getSettings() : undefined;
  const done = (async () => {
    for await (const m of q) {
      if (m.type === "result") {
        marks.result = performance.now() - t0;
        return;
      }
    }
  })();
  await q.initializationResult();
  marks.init = performance.now() - t0;
  if (variant === "pushAfterInit") input.push(user());
  await (early ?? getSettings());
  marks.settings = performance.now() - t0;
  if (variant === "pushAfterSettings" || variant === "settingsEarly") input.push(user());
  await done;
  input.end();
  q.close();
  return marks;
}

const results = new Map<Variant, Array<Record<string, number>>>(variants.map((v) => [v, []]));
for (let run = 0; run < runs; run++) {
  const order = run % 2 === 0 ? variants : [...variants].reverse();
  for (const v of order) {
    await withRunEnv(
      { script: [{ blocks: [{ type: "text", text: ANSWER, deltas: 3 }], times: 10 }] },
      async (env) => {
        await once(env, v); // untimed: Claude Code's first start in a config dir
        results.get(v)!.push(await once(env, v));
      },
    );
    process.stderr.write(".");
  }
}
process.stderr.write("\n");
for (const [v, xs] of results) {
  const m = (k: string) => median(xs.map((x) => x[k] ?? Number.NaN)).toFixed(0);
  console.log(
    `${v.padEnd(18)} init ${m("init")}  settings ${m("settings")}  result ${m("result")}`,
  );
}
