import type { SubagentReport } from "../../sdk/tool-callbacks.js";
import type { ReplayedChild } from "./subagent-child.js";

export type { SubagentReport };

/**
 * The readers of a session's subagent reports (an extension's child configuration).
 * The hooks that report them cost Claude Code a round trip per tool call, so they are
 * registered only when someone reads them (`read`).
 */
export class ChildReports {
  private readonly readers: Array<(report: SubagentReport) => void> = [];
  private readonly adopters: Array<(children: readonly ReplayedChild[]) => void> = [];

  /** Adds a reader; before the session's Claude Code starts, or its hooks miss it. */
  listen(reader: (report: SubagentReport) => void): void {
    this.readers.push(reader);
  }

  get read(): boolean {
    return this.readers.length > 0;
  }

  report(report: SubagentReport): void {
    for (const reader of this.readers) reader(report);
  }

  /** Reads the children a load's replay showed, once the live session adopted them. */
  onAdopted(reader: (children: readonly ReplayedChild[]) => void): void {
    this.adopters.push(reader);
  }

  adopted(children: readonly ReplayedChild[]): void {
    for (const reader of this.adopters) reader(children);
  }
}
