import { classify, type SessionFailureRecord } from "./record.js";
import { failureTitle, type Redact } from "./title.js";
import { isUsageLimitText, SYNTHETIC_MODEL } from "./usage-limit.js";

/** A stored top-level assistant message, as much of it as the match reads. */
export interface StoredAssistant {
  readonly uuid: string;
  readonly model: string | undefined;
  readonly text: string | undefined;
}

/**
 * The usage-limit failures of a stored conversation, for `session/load` (air-extensions.md
 * "History replay"): a `<synthetic>` message that starts like the SDK's usage-limit
 * message becomes the record it was live, with its live id (`<user message uuid>:error`),
 * and the latest stays active until a later real model answer. Model prose never
 * matches.
 */
export class ReplayedFailures {
  /** The stored prompt the following messages answer (the live turn id). */
  private turnId: string | undefined;
  private active: string | undefined;

  constructor(
    private readonly sessionId: string,
    private readonly redact: Redact,
  ) {}

  /** A prompt the user typed: the turn of what follows. */
  prompt(uuid: string): void {
    this.turnId = uuid;
  }

  /** A top-level assistant message: its record, if it is a usage-limit failure. */
  assistant(entry: StoredAssistant): SessionFailureRecord | undefined {
    if (entry.model !== SYNTHETIC_MODEL) {
      this.active = undefined;
      return undefined;
    }
    if (!isUsageLimitText(entry.text)) return undefined;
    const title = failureTitle(entry.text, this.redact);
    if (title === undefined) return undefined;
    const id =
      this.turnId !== undefined
        ? `${this.turnId}:error`
        : `${this.sessionId}:history-error:${entry.uuid}`;
    this.active = id;
    return usageLimitRecord(id, title);
  }

  /** The replayed failure still active at the end of the history (internal state). */
  get activeId(): string | undefined {
    return this.active;
  }
}

/** The record of a usage- or spend-limit failure. */
export function usageLimitRecord(id: string, title: string): SessionFailureRecord {
  return {
    id,
    revision: 1,
    ...classify("usage_limit"),
    severity: "error",
    title,
    reason: "usage_limit",
  };
}
