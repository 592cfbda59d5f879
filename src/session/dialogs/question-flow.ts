import type { PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import type { ClientPort } from "../../client/client-port.js";
import type { PermissionAsk } from "../../sdk/tool-callbacks.js";
import {
  NO_HINTS,
  questionForm,
  readQuestions,
  toAnswers,
  type QuestionHints,
} from "../../translation/ask-user-question.js";
import { log } from "../../util/log.js";
import { TOOL_USE_ABORTED } from "./permission-flow.js";

/**
 * AskUserQuestion: Claude's questions go to the client as an ACP form elicitation and
 * the answers go back to Claude as the tool's input. Only offered to a client that
 * declares form elicitation (the tool is disabled for others). `hints`: what the
 * client's form carries beyond the standard fields (AIR's `customAnswer`, Lody's
 * `_meta.lody.elicitation` and answer notes) and, for Lody, its answer rules.
 * `reportUnanswered`: Claude Code takes `annotations[q].unanswered` (`toAnswers`).
 */
export async function askQuestions(
  sessionId: string,
  client: ClientPort,
  ask: PermissionAsk,
  signal: AbortSignal,
  hints: QuestionHints = NO_HINTS,
  reportUnanswered = false,
): Promise<PermissionResult> {
  const questions = readQuestions(ask.input);
  if (questions.length === 0) return { behavior: "allow", updatedInput: ask.input };
  const form = questionForm(questions, hints);
  let response;
  try {
    response = await client.elicit(
      { mode: "form", sessionId, toolCallId: ask.toolUseId, ...form },
      signal,
    );
  } catch (error) {
    if (!signal.aborted)
      log.warn("elicitation failed", {
        sessionId,
        toolCallId: ask.toolUseId,
        message: String(error),
      });
    return TOOL_USE_ABORTED;
  }
  if (signal.aborted) return TOOL_USE_ABORTED;
  const answers = toAnswers(questions, response, hints, reportUnanswered);
  if (!answers) return TOOL_USE_ABORTED;
  return { behavior: "allow", updatedInput: { ...ask.input, ...answers } };
}
