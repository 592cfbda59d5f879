import { samePlainData } from "../../util/plain-data.js";
import type { MergedObject } from "./decorator.js";

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

/** The upstream `_meta` object a client that merges `_meta` merges key by key. */
const UPSTREAM_MERGED_OBJECTS: readonly MergedObject[] = [{ path: ["claudeCode"] }];

/** A level of the merged `_meta` objects: its keys merged one by one below it. */
interface MergedNode {
  always: readonly string[];
  readonly children: Map<string, MergedNode>;
}

function mergedTree(objects: readonly MergedObject[]): MergedNode {
  const root: MergedNode = { always: [], children: new Map() };
  for (const object of objects) {
    let node = root;
    for (const key of object.path) {
      let child = node.children.get(key);
      if (!child) node.children.set(key, (child = { always: [], children: new Map() }));
      node = child;
    }
    node.always = object.always ?? [];
  }
  return root;
}

/**
 * The part of a merged `_meta` object `value` that differs from `sent`: its changed keys
 * (a merged child by its own changed keys) and then its `always` keys; undefined when
 * nothing changed. `for…in`, index loops and assignments: the replay's hot path.
 */
function changedPart(sent: unknown, value: unknown, node: MergedNode): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return samePlainData(sent, value) ? undefined : value;
  const before = (sent !== null && typeof sent === "object" ? sent : {}) as Record<string, unknown>;
  const now = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  let any = false;
  for (const key in now) {
    const item = now[key];
    if (item === undefined) continue;
    const child = node.children.get(key);
    const part = child
      ? changedPart(before[key], item, child)
      : samePlainData(before[key], item)
        ? undefined
        : item;
    if (part === undefined) continue;
    out[key] = part;
    any = true;
  }
  if (!any) return undefined;
  for (let i = 0; i < node.always.length; i++) {
    const key = node.always[i]!;
    if (out[key] === undefined && now[key] !== undefined) out[key] = now[key];
  }
  return out;
}

/**
 * `claudeCode` for a client that gets every `_meta` key on every report, without a file
 * tool's `toolResponse` it already got. That response holds the whole file as it was
 * (`originalFile`): upstream sends it once, in the PostToolUse update, and not again with
 * the completion; repeating it doubled the bytes of a large file's Edit (issue 34). Other
 * tools' responses are small and still go out with every report, as before.
 */
function withoutSentResponse(sent: unknown, value: unknown): unknown {
  const now = value as Record<string, unknown> | null;
  if (now === null || typeof now !== "object") return value;
  const response = now.toolResponse as Record<string, unknown> | null | undefined;
  if (response === null || typeof response !== "object" || !("originalFile" in response))
    return value;
  const before = sent as Record<string, unknown> | undefined;
  if (!before || !samePlainData(before.toolResponse, response)) return value;
  const out: Record<string, unknown> = {};
  for (const key in now) if (key !== "toolResponse") out[key] = now[key];
  return out;
}

/**
 * Drops what a client already has, per tool call (S000 "Compatibility rule", "Tool call
 * contract"):
 * - a top-level field whose value did not change since the last report is left out;
 * - a client that is not AIR gets every `_meta` key on every report (ACP defines no merge
 *   for `_meta`), but a file tool's `claudeCode.toolResponse` only once, as upstream; an AIR client merges `_meta`, so unchanged keys are left out for it, and
 *   of `claudeCode` and the extensions' merged objects (`jetbrains.air`) only the changed
 *   keys go out;
 * - appended keys go out once, in the report that carries their data;
 * - a report with nothing new is not sent at all (`trim` returns undefined).
 */
export class ToolCallFieldTracker {
  private readonly fields = new Map<string, Record<string, unknown>>();
  private readonly meta = new Map<string, Record<string, unknown>>();

  private readonly appended: ReadonlySet<string>;
  private readonly merged: MergedNode;

  /**
   * `mergesMeta`: the client merges `_meta` (AIR), so unchanged keys are left out;
   * `appendedKeys`: the negotiated extensions' appended keys; `mergedObjects`: their
   * `_meta` objects merged key by key (read only when `mergesMeta`).
   */
  constructor(
    private readonly mergesMeta: boolean,
    appendedKeys: readonly string[] = [],
    mergedObjects: readonly MergedObject[] = [],
  ) {
    this.appended = new Set([...UPSTREAM_APPENDED_KEYS, ...appendedKeys]);
    this.merged = mergedTree(
      mergesMeta ? UPSTREAM_MERGED_OBJECTS.concat(mergedObjects) : UPSTREAM_MERGED_OBJECTS,
    );
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
      const node = this.mergesMeta ? this.merged.children.get(key) : undefined;
      if (node) {
        const part = changedPart(sentMeta[key], value, node);
        if (part === undefined) continue;
        meta[key] = part;
        anyMeta = newMeta = true;
        continue;
      }
      const unchanged = samePlainData(sentMeta[key], value);
      if (!unchanged) newMeta = true;
      if (unchanged && (this.appended.has(key) || this.mergesMeta)) continue;
      meta[key] = key === "claudeCode" ? withoutSentResponse(sentMeta[key], value) : value;
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
