import type { ClientProfile } from "../../profile/client-profile.js";
import type { Outbox } from "../outbox.js";
import type { SessionSetup } from "../start/query-setup.js";

/** What a report needs of a prompt. */
export interface ReportedPrompt {
  /** The request the prompt's `_meta` carried, as `accept` kept it. */
  readonly reportRequest?: string | undefined;
}

/** What a report needs of a turn (`Turn`). */
export interface ReportedTurn {
  readonly prompt: ReportedPrompt;
  /** The turn's user message: the checkpoint Claude Code's dry-run rewind goes back to. */
  readonly userMessageId: string | undefined;
  /** Claude ran a tool since that message (else Claude Code made no checkpoint for it). */
  readonly ranTools: boolean;
}

/**
 * An extension's report at the end of each prompt that asked for one, once the turn's
 * file changes are known (AIR's agent file-change report): it goes out just before the
 * prompt's answer, and never changes the prompt's outcome.
 */
export interface TurnReports {
  /** The request of a `session/prompt` `_meta`, kept on its prompt; undefined for none. */
  accept(meta: unknown): string | undefined;
  /** `turn` ended: `failed` when it ended with an error. */
  turnEnded(turn: ReportedTurn, failed: boolean): void;
  /** `prompt` was cancelled, running or queued. */
  cancelled(prompt: ReportedPrompt): void;
}

/** The query a report may ask: the SDK's dry-run rewind (`ClaudeQuery.previewFileRewind`). */
export interface RewindPreviewer {
  previewFileRewind(userMessageId: string): Promise<unknown>;
}

/** What a session gives its reports. */
export interface TurnReportParts {
  readonly setup: SessionSetup;
  /** The session's current query (`current`), if one runs. */
  readonly slot: { readonly current: RewindPreviewer | undefined };
  /** A report goes just before the answer it belongs to (`sendBeforeAnswer`). */
  readonly outbox: Pick<Outbox, "sendBeforeAnswer">;
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** An extension's end-of-prompt report (AIR's file-change report), one per session. */
    readonly turnReports?: (parts: TurnReportParts) => TurnReports;
  }
}

/** A client without a report: no prompt asks for one. */
const NO_REPORTS: TurnReports = {
  accept: () => undefined,
  turnEnded: () => {},
  cancelled: () => {},
};

/** The session's end-of-prompt reports, as its client's extensions make them. */
export function turnReportsFor(profile: ClientProfile, parts: TurnReportParts): TurnReports {
  return profile.hooks.turnReports?.(parts) ?? NO_REPORTS;
}
