import type { UserDialogRequest, UserDialogResult } from "@anthropic-ai/claude-agent-sdk";
import type {
  CreateElicitationRequest,
  CreateElicitationResponse,
} from "@agentclientprotocol/sdk/unstable";
import { record, str } from "./tool-calls/reporter.js";

/**
 * Claude Code's blocking dialog after a refusal (features 1p): the model's safeguards
 * flagged the message and Claude Code offers to retry it on a fallback model. Claude
 * Code 2.1.318 asks it only with the `switchModelsOnFlag: false` setting ("Ask each
 * time"); with the default it switches on its own, and without a declared renderer the
 * refusal ends the turn (`model_refusal_no_fallback`).
 */
export const REFUSAL_FALLBACK_DIALOG = "refusal_fallback_prompt";

/** The dialog kinds the adapter renders (SDK `supportedDialogKinds`): only these are sent. */
export const SUPPORTED_DIALOG_KINDS: readonly string[] = [REFUSAL_FALLBACK_DIALOG];

/** The form field that carries the user's choice. */
export const DIALOG_CHOICE_FIELD = "choice";

/** The answers of the refusal dialog that are a choice (its third, `cancelled`, is none). */
const RETRY = "retry_fallback";
const EDIT = "edit_prompt";

/** What the refusal dialog's payload says (Claude Code 2.1.318's `refusal_fallback_prompt`). */
export interface RefusalFallback {
  readonly originalModel: string;
  readonly fallbackModel: string;
  /** The refusal's category (`cyber`, `bio`, …), when the API named one. */
  readonly category?: string;
  /** Claude Code's own advice to show with the dialog. */
  readonly guidance?: string;
}

/** The refusal dialog's payload, or undefined when it lacks the two models. */
export function readRefusalFallback(payload: unknown): RefusalFallback | undefined {
  const p = record(payload);
  const originalModel = str(p?.originalModel);
  const fallbackModel = str(p?.fallbackModel);
  if (!originalModel || !fallbackModel) return undefined;
  const category = str(p?.apiRefusalCategory);
  const guidance = str(p?.guidanceText);
  return {
    originalModel,
    fallbackModel,
    ...(category ? { category } : {}),
    ...(guidance ? { guidance } : {}),
  };
}

/**
 * A dialog Claude Code asks as the ACP form elicitation of the session: one required
 * single-select field (`choice`). `toolCallId`: the tool call the dialog is tied to, if
 * any (the refusal dialog is tied to none). Undefined for a dialog the adapter cannot
 * render (an unknown kind, a payload without its models): Claude Code then hears
 * `cancelled` and applies the dialog's default.
 */
export function toDialogElicitation(
  request: UserDialogRequest,
  sessionId: string,
): CreateElicitationRequest | undefined {
  if (request.dialogKind !== REFUSAL_FALLBACK_DIALOG) return undefined;
  const fallback = readRefusalFallback(request.payload);
  if (!fallback) return undefined;
  const scope =
    request.toolUseID === undefined ? { sessionId } : { sessionId, toolCallId: request.toolUseID };
  return { mode: "form", ...scope, ...refusalFallbackForm(fallback) };
}

/** The refusal dialog's words and its one field; declining the form keeps the refusal. */
export function refusalFallbackForm(
  fallback: RefusalFallback,
): Pick<CreateElicitationRequest & { mode: "form" }, "message" | "requestedSchema"> {
  const { originalModel, fallbackModel, category, guidance } = fallback;
  const flagged = `${originalModel}'s safeguards flagged this message${category ? ` (${category})` : ""}.`;
  const ask = `Retry it with ${fallbackModel}, or edit your prompt?`;
  return {
    message: [flagged, ask, ...(guidance ? [guidance] : [])].join(" "),
    requestedSchema: {
      type: "object",
      properties: {
        [DIALOG_CHOICE_FIELD]: {
          type: "string",
          title: "What next?",
          oneOf: [
            {
              const: RETRY,
              title: `Retry with ${fallbackModel}`,
              description: `The session goes on with ${fallbackModel}.`,
            },
            {
              const: EDIT,
              title: "Edit the prompt",
              description: `The turn ends; the session stays on ${originalModel}.`,
            },
          ],
        },
      },
      required: [DIALOG_CHOICE_FIELD],
    },
  };
}

/** The user dismissed the dialog: Claude Code applies its default (the refusal stands). */
export const DIALOG_CANCELLED: UserDialogResult = { behavior: "cancelled" };

/**
 * The client's answer as the dialog's: an accepted form's choice, or `cancelled` for a
 * declined or cancelled form and for an answer that is not one of the choices.
 */
export function toDialogResult(response: CreateElicitationResponse): UserDialogResult {
  if (response.action !== "accept") return DIALOG_CANCELLED;
  const choice = record((response as { content?: unknown }).content)?.[DIALOG_CHOICE_FIELD];
  return choice === RETRY || choice === EDIT
    ? { behavior: "completed", result: choice }
    : DIALOG_CANCELLED;
}

/** Whether the answer keeps the refusal and ends the turn ("edit the prompt"). */
export function keepsRefusal(result: UserDialogResult): boolean {
  return result.behavior === "completed" && result.result === EDIT;
}
