import { realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { additionalDirectoriesOf } from "../../../sdk/query-options.js";
import type {
  ReportedPrompt,
  ReportedTurn,
  RewindPreviewer,
  TurnReportParts,
  TurnReports,
} from "../../../session/turn/turn-reports.js";
import { log } from "../../../util/log.js";
import { ownField } from "../../../util/plain-data.js";
import {
  fileChangeReportUpdate,
  previewedFiles,
  reportedFileChanges,
  unavailableFileChanges,
  type FileChangeReport,
} from "./report.js";
import { readFileChangeReportRequest } from "./request.js";

/** "Unavailable report": how long the checkpoint preview may take. */
export const PREVIEW_TIMEOUT_MS = 2_000;

/** What the reports need of their session. */
export interface FileChangeReportsParts {
  readonly sessionId: string;
  /** The session roots: the working directory and the additional directories. */
  readonly cwd: string;
  readonly additionalDirectories: readonly string[];
  /** The session's current query, if one runs. */
  query(): RewindPreviewer | undefined;
  /** Sends an update just before the answer it belongs to (`Outbox.sendBeforeAnswer`). */
  sendBeforeAnswer(updates: Promise<readonly SessionUpdate[]>): void;
}

/**
 * The reports of a session (the `turnReports` hook, for a client that negotiated
 * `agentFileChangeReport`; the query checkpoints files), over the session's roots.
 */
export function fileChangeReportsFor(parts: TurnReportParts): FileChangeReports {
  const { setup } = parts;
  return new FileChangeReports({
    sessionId: setup.sessionId,
    cwd: setup.cwd,
    additionalDirectories: additionalDirectoriesOf(setup.passThrough, setup.additionalDirectories),
    query: () => parts.slot.current,
    sendBeforeAnswer: (updates) => parts.outbox.sendBeforeAnswer(updates),
  });
}

/**
 * AIR's agent file-change report of a session (air-extensions.md "Agent file-change
 * report"): accepts a prompt's request once per id, and at the end of the turn sends
 * one `session_info_update` with the files that the SDK's dry-run rewind to the turn's
 * user message would restore, before the prompt's answer. A report never changes the
 * prompt's outcome: every failure becomes an `unavailable` report.
 */
export class FileChangeReports implements TurnReports {
  /** Every request id accepted in this session: a repeated one is ignored. */
  private readonly seen = new Set<string>();
  private roots: Promise<string[]> | undefined;

  constructor(private readonly parts: FileChangeReportsParts) {}

  /**
   * The request id of a `session/prompt` `_meta`, or undefined when the prompt asks for
   * no report: the request is malformed, or its id was used before in this session.
   */
  accept(meta: unknown): string | undefined {
    const requestId = readFileChangeReportRequest(meta);
    if (requestId === undefined || this.seen.has(requestId)) return undefined;
    this.seen.add(requestId);
    return requestId;
  }

  /**
   * `turn` ended: `failed` when it ended with an error (`providerError`), else the report
   * of the files changed since its user message. A turn that ran no tool (or a command
   * the adapter answered itself) changed no file by Claude's tools: its report is empty,
   * without asking the SDK, which has no checkpoint for it ("No file checkpoint found").
   */
  turnEnded(turn: ReportedTurn, failed: boolean): void {
    const requestId = turn.prompt.reportRequest;
    if (requestId === undefined) return;
    const report = failed
      ? Promise.resolve(unavailableFileChanges(requestId, "providerError"))
      : this.report(requestId, this.parts.query(), turn.ranTools ? turn.userMessageId : undefined);
    this.send(
      report.catch((error: unknown) => {
        log.warn("file-change report failed", {
          sessionId: this.parts.sessionId,
          message: String(error),
        });
        return unavailableFileChanges(requestId, "providerError");
      }),
    );
  }

  /** `prompt` was cancelled (running or queued): `unavailable` with reason `cancelled`. */
  cancelled(prompt: ReportedPrompt): void {
    const requestId = prompt.reportRequest;
    if (requestId !== undefined) {
      this.send(Promise.resolve(unavailableFileChanges(requestId, "cancelled")));
    }
  }

  private send(report: Promise<FileChangeReport>): void {
    this.parts.sendBeforeAnswer(report.then((r) => [fileChangeReportUpdate(r)]));
  }

  /** The report of the files changed since `userMessageId` (none: nothing changed). */
  private async report(
    requestId: string,
    query: RewindPreviewer | undefined,
    userMessageId: string | undefined,
  ): Promise<FileChangeReport> {
    if (userMessageId === undefined) return reportedFileChanges(requestId, [], []);
    if (!query) return unavailableFileChanges(requestId, "providerError");
    const preview = await settleWithin(query.previewFileRewind(userMessageId), PREVIEW_TIMEOUT_MS);
    if (preview.kind !== "value") {
      log.warn("file-change preview failed", {
        sessionId: this.parts.sessionId,
        message: preview.kind === "timeout" ? "timed out" : String(preview.error),
      });
      return unavailableFileChanges(
        requestId,
        preview.kind === "timeout" ? "timeout" : "providerError",
      );
    }
    const files = previewedFiles(preview.value);
    if (!files) {
      log.warn("file-change preview has no file list", {
        sessionId: this.parts.sessionId,
        message: String(ownField(preview.value, "error") ?? "no file list"),
      });
      return unavailableFileChanges(requestId, "invalidOutput");
    }
    const [roots, paths] = await Promise.all([
      this.sessionRoots(),
      Promise.all(files.map(canonicalPath)),
    ]);
    return reportedFileChanges(requestId, paths, roots);
  }

  /** The canonical session roots, read once. */
  private sessionRoots(): Promise<string[]> {
    const { cwd, additionalDirectories } = this.parts;
    this.roots ??= Promise.all(
      [cwd, ...additionalDirectories].map((dir) => canonicalPath(resolve(cwd, dir))),
    );
    return this.roots;
  }
}

/**
 * `path` with its links resolved: the real path of its longest existing prefix, and the
 * rest as written (a file the turn deleted exists no more). A relative path is left
 * as is (the report drops it).
 */
export async function canonicalPath(path: string): Promise<string> {
  if (!isAbsolute(path)) return path;
  try {
    return await realpath(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(await canonicalPath(parent), basename(path));
  }
}

type Settled<T> =
  | { readonly kind: "value"; readonly value: T }
  | { readonly kind: "failed"; readonly error: unknown }
  | { readonly kind: "timeout" };

/** How `promise` settles within `ms`: its value, its error, or a timeout. */
function settleWithin<T>(promise: Promise<T>, ms: number): Promise<Settled<T>> {
  return new Promise((done) => {
    const timer = setTimeout(() => done({ kind: "timeout" }), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        done({ kind: "value", value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        done({ kind: "failed", error });
      },
    );
  });
}
