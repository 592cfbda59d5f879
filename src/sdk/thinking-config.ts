import type { ThinkingConfig } from "@anthropic-ai/claude-agent-sdk";
import { log } from "../util/log.js";

const DISPLAYS = new Set(["summarized", "omitted"]);

/**
 * Claude's thinking as the environment asks for it, for the SDK's `thinking` option:
 * `MAX_THINKING_TOKENS` (a non-negative integer: 0 turns thinking off, more is a fixed
 * budget) and `CLAUDE_CODE_THINKING_DISPLAY` (`summarized` or `omitted`). Undefined when
 * neither is set: Claude Code then thinks its own way (adaptive). A malformed value is
 * ignored with a warning on stderr.
 */
export function thinkingFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): ThinkingConfig | undefined {
  const rawBudget = env.MAX_THINKING_TOKENS?.trim() || undefined;
  const rawDisplay = env.CLAUDE_CODE_THINKING_DISPLAY?.trim() || undefined;
  let budget: number | undefined;
  if (rawBudget !== undefined) {
    if (/^\d+$/.test(rawBudget)) budget = Number(rawBudget);
    else log.warn("MAX_THINKING_TOKENS is not a non-negative integer; ignored", { rawBudget });
  }
  let display: "summarized" | "omitted" | undefined;
  if (rawDisplay !== undefined) {
    if (DISPLAYS.has(rawDisplay)) display = rawDisplay as "summarized" | "omitted";
    else log.warn("CLAUDE_CODE_THINKING_DISPLAY is not summarized or omitted; ignored", {});
  }
  if (budget === 0) return { type: "disabled" };
  if (budget !== undefined) {
    return { type: "enabled", budgetTokens: budget, ...(display ? { display } : {}) };
  }
  return display ? { type: "adaptive", display } : undefined;
}
