import { samePlainData } from "../../util/plain-data.js";

/** A rendered report of one tool call: top-level ACP fields plus `_meta`. */
export interface RenderedToolCall {
  readonly [field: string]: unknown;
  readonly _meta?: Readonly<Record<string, unknown>>;
}

/**
 * The upstream `_meta` keys whose data the client appends (MCP output): each value is
 * delivered once, in the report that carries it, for every client. The extensions' own
 * appended keys (the terminal channel's) come from their decorators.
 */
const UPSTREAM_APPENDED_KEYS: readonly string[] = ["mcp_output_delta"];

/**
 * Drops what a client already has, per tool call (S000 "Compatibility rule", "Tool call
 * contract"):
 * - a top-level field whose value did not change since the last report is left out;
 * - a client that is not AIR gets every `_meta` key on every report (ACP defines no merge
 *   for `_meta`); an AIR client merges `_meta`, so unchanged keys are left out for it;
 * - appended keys go out once, in the report that carries their data;
 * - a report with nothing new is not sent at all (`trim` returns undefined).
 */
export class ToolCallFieldTracker {
  private readonly fields = new Map<string, Record<string, unknown>>();
  private readonly meta = new Map<string, Record<string, unknown>>();

  private readonly appended: ReadonlySet<string>;

  /**
   * `mergesMeta`: the client merges `_meta` (AIR), so unchanged keys are left out;
   * `appendedKeys`: the negotiated extensions' appended keys.
   */
  constructor(
    private readonly mergesMeta: boolean,
    appendedKeys: readonly string[] = [],
  ) {
    this.appended = new Set([...UPSTREAM_APPENDED_KEYS, ...appendedKeys]);
  }

  /** True once a report of this tool call went out. */
  has(toolCallId: string): boolean {
    return this.fields.has(toolCallId);
  }

  /**
   * What to send for this report, or undefined when it holds nothing new. `repeat`
   * names fields that go out again even unchanged, when the report is sent at all.
   */
  trim(
    toolCallId: string,
    report: RenderedToolCall,
    repeat: readonly string[] = [],
  ): Record<string, unknown> | undefined {
    // Loops and Object.assign, not rest, spreads and Object.entries: this runs for every
    // report, mostly before V8 optimises it (src/util/tiering.ts), where those cost ~5x.
    const sentFields = this.fields.get(toolCallId);
    const sentMeta = this.meta.get(toolCallId) ?? {};
    const changed: Record<string, unknown> = {};
    let anyChanged = false;
    for (const field in report) {
      const value = report[field];
      if (field === "_meta" || value === undefined) continue;
      if (sentFields && samePlainData(sentFields[field], value)) continue;
      changed[field] = value;
      anyChanged = true;
    }
    const reportMeta = report._meta ?? {};
    const meta: Record<string, unknown> = {};
    let anyMeta = false;
    let newMeta = false;
    for (const key in reportMeta) {
      const value = reportMeta[key];
      if (value === undefined) continue;
      const unchanged = samePlainData(sentMeta[key], value);
      if (!unchanged) newMeta = true;
      if (unchanged && (this.appended.has(key) || this.mergesMeta)) continue;
      meta[key] = value;
      anyMeta = true;
    }
    if (sentFields && !anyChanged && !newMeta) return undefined;
    for (const field of repeat) if (report[field] !== undefined) changed[field] ??= report[field];
    this.fields.set(toolCallId, Object.assign({}, sentFields, changed));
    this.meta.set(toolCallId, Object.assign({}, sentMeta, reportMeta));
    if (anyMeta) changed._meta = meta;
    return changed;
  }

  forget(toolCallId: string): void {
    this.fields.delete(toolCallId);
    this.meta.delete(toolCallId);
  }
}
