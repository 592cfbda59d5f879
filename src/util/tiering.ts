import { setFlagsFromString } from "node:v8";

/**
 * Makes V8 wait longer before it optimises a function with TurboFan. Imported first by
 * the entry point, so that it applies before any of the adapter's code has run.
 *
 * Why: the adapter's work comes in bursts of many different functions, each run a few
 * thousand times (a `session/load` translates a whole history once). With V8's default
 * budget, dozens of them become hot mid-burst and TurboFan compiles them on background
 * threads: ~250 ms of CPU for a 20 MB history, as much as the main thread spends on the
 * whole load, for code that is ready when the burst is nearly over. On two cores those
 * threads take the client's core. With this budget the load's main thread is no slower,
 * its CPU drops by a third and it answers ~15% sooner (bench/README.md, session 6);
 * code that keeps running, like a long diff, is still optimised, only later. The budget
 * is ~15 times V8's default (67,584 in Node 20); 3,000,000 measured the same, 500,000
 * kept only half of the gain. It is the TurboFan budget of Node 20's V8 (the pinned
 * engine): newer V8s tier through Maglev first, on budgets of their own, left as they are
 * (a flag this V8 does not know would only print an error).
 */
export const INTERRUPT_BUDGET = 1_000_000;

setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
