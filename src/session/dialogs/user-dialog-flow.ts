import type { UserDialogRequest, UserDialogResult } from "@anthropic-ai/claude-agent-sdk";
import type { ClientPort } from "../../client/client-port.js";
import {
  DIALOG_CANCELLED,
  keepsRefusal,
  toDialogElicitation,
  toDialogResult,
} from "../../translation/user-dialog.js";
import { log } from "../../util/log.js";
import type { OpenAsks } from "../turn/steering.js";

/** What a Claude Code dialog needs of its session. */
export interface UserDialogHost {
  readonly sessionId: string;
  readonly client: ClientPort;
  /** The session's open asks: a steer goes in at `later` while one waits for the user. */
  readonly asks: OpenAsks;
  /** The running turn's cancellation signal, or undefined between turns. */
  turnSignal(): AbortSignal | undefined;
  /** The user kept a refusal ("edit the prompt"): the running turn ends as a refusal. */
  refusalKept(): void;
}

/**
 * Claude Code asks the user a blocking dialog (features 1p: the refusal fallback): it goes
 * to the client as an ACP form elicitation and the choice back as the dialog's answer.
 * Only a client that declared form elicitation is offered dialogs (`query-setup.ts`). A
 * dialog the adapter cannot render, a failed request and a cancelled turn answer
 * `cancelled`: Claude Code applies the dialog's default (the refusal ends the turn).
 */
export async function askUserDialog(
  host: UserDialogHost,
  request: UserDialogRequest,
  signal: AbortSignal,
): Promise<UserDialogResult> {
  const params = toDialogElicitation(request, host.sessionId);
  if (!params) return DIALOG_CANCELLED;
  const turn = host.turnSignal();
  const until = turn ? AbortSignal.any([signal, turn]) : signal;
  const close = host.asks.opened();
  try {
    const response = await host.client.elicit(params, until);
    if (until.aborted) return DIALOG_CANCELLED;
    const result = toDialogResult(response);
    if (keepsRefusal(result)) host.refusalKept();
    return result;
  } catch (error) {
    if (!until.aborted)
      log.warn("dialog elicitation failed", {
        sessionId: host.sessionId,
        dialogKind: request.dialogKind,
        message: String(error),
      });
    return DIALOG_CANCELLED;
  } finally {
    close();
  }
}
