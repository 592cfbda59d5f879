import type { ModelUsageTable } from "./usage.js";

/** The window a model is taken to have when nothing better is known (Claude's long-standing 200k). */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

/**
 * A window guessed from the model's name: a `1m` token (`claude-opus-4-6-1m`,
 * `claude-sonnet-5[1m]`) names a 1M-token window; any other model gets the default.
 */
export function guessedContextWindow(model: string | undefined): number {
  return model !== undefined && /(^|[^a-z0-9])1m([^a-z0-9]|$)/i.test(model)
    ? 1_000_000
    : DEFAULT_CONTEXT_WINDOW;
}

function positive(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The context window of the models a session's main loop calls, best source first:
 * a `result`'s `modelUsage` (authoritative, per model, kept across processes); Claude
 * Code's own measure of the current model's window (`getContextUsage().rawMaxTokens`,
 * asked in the background, so a process's first turn is reported before any `result`);
 * the model's name (`guessedContextWindow`).
 *
 * A measure speaks for the model Claude Code runs when it answers, which is the model of
 * the latest call when there was one (its spelling of the model may differ from the
 * call's, so the measure is bound to the call's). A call on a model neither known nor
 * measured (a switch) asks for a new measure, once per model and process.
 */
export class ContextWindows {
  private readonly known = new Map<string, number>();
  private readonly measured = new Map<string, number>();
  /** A measure that answered before the process's first call: the first call's model's. */
  private unbound: number | undefined;
  /** The model of the latest call of this process. */
  private latest: string | undefined;
  private readonly asked = new Set<string>();
  /** The process's first measure is under way: it answers for the model then called. */
  private measuring = false;

  /** A `result`'s `modelUsage`: the windows of the models it names. */
  learn(modelUsage: ModelUsageTable | undefined): void {
    for (const [model, row] of Object.entries(modelUsage ?? {})) {
      const size = positive(row.contextWindow);
      if (size) this.known.set(model, size);
    }
  }

  /** A new Claude Code process, whose window is being measured (results stay true). */
  processStarted(): void {
    this.measuring = true;
    this.measured.clear();
    this.asked.clear();
    this.unbound = undefined;
    this.latest = undefined;
  }

  /** Claude Code's measure of the window of the model it runs now (undefined: it failed). */
  measure(rawMaxTokens: unknown): void {
    this.measuring = false;
    const size = positive(rawMaxTokens);
    if (!size) return;
    if (this.latest === undefined) this.unbound = size;
    else this.measured.set(this.latest, size);
  }

  /**
   * A main-loop call on `model` starts: true when a measure should be asked for (the
   * model is neither known nor measured, none was asked for it yet, and the process's
   * first measure, which will speak for it, has answered).
   */
  callStarted(model: string): boolean {
    this.latest = model;
    if (this.unbound !== undefined && !this.measured.has(model)) {
      this.measured.set(model, this.unbound);
      this.unbound = undefined;
    }
    if (this.measuring || this.known.has(model) || this.measured.has(model)) return false;
    if (this.asked.has(model)) return false;
    this.asked.add(model);
    return true;
  }

  /** The window of `model` (the latest call's when none is named). */
  size(model: string | undefined = this.latest): number {
    if (model === undefined) return this.unbound ?? DEFAULT_CONTEXT_WINDOW;
    return this.known.get(model) ?? this.measured.get(model) ?? guessedContextWindow(model);
  }
}
