import { isDeepStrictEqual } from "node:util";

/** A rendered report of one tool call: top-level ACP fields plus `_meta`. */
export interface RenderedToolCall {
  readonly [field: string]: unknown;
  readonly _meta?: Readonly<Record<string, unknown>>;
}

/**
 * `_meta` keys whose data the client appends (terminal output, exit, MCP output): each
 * value is delivered once, in the report that carries it, for every client.
 */
const APPENDED_META_KEYS = new Set([
  "terminal_output",
  "terminal_output_delta",
  "terminal_exit",
  "mcp_output_delta",
]);

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

  constructor(private readonly air: boolean) {}

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
    const { _meta = {}, ...fields } = report;
    const sentFields = this.fields.get(toolCallId);
    const sentMeta = this.meta.get(toolCallId) ?? {};
    const changed: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      if (sentFields && isDeepStrictEqual(sentFields[field], value)) continue;
      changed[field] = value;
    }
    const meta: Record<string, unknown> = {};
    let newMeta = false;
    for (const [key, value] of Object.entries(_meta)) {
      if (value === undefined) continue;
      const unchanged = isDeepStrictEqual(sentMeta[key], value);
      if (!unchanged) newMeta = true;
      if (unchanged && (APPENDED_META_KEYS.has(key) || this.air)) continue;
      meta[key] = value;
    }
    if (sentFields && Object.keys(changed).length === 0 && !newMeta) return undefined;
    for (const field of repeat) if (fields[field] !== undefined) changed[field] ??= fields[field];
    this.fields.set(toolCallId, { ...sentFields, ...changed });
    this.meta.set(toolCallId, { ...sentMeta, ..._meta });
    return { ...changed, ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}) };
  }

  forget(toolCallId: string): void {
    this.fields.delete(toolCallId);
    this.meta.delete(toolCallId);
  }
}
