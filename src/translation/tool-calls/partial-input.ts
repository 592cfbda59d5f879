import { Allow, parse } from "partial-json";
import { record } from "./reporter.js";

/**
 * Reads streamed tool input JSON. Strings are taken only once complete, so a half-typed
 * path never becomes a title; numbers, objects and arrays may be partial.
 */
export function parsePartialInput(json: string): Record<string, unknown> | undefined {
  if (!json.trim()) return {};
  try {
    return record(parse(json, Allow.ALL & ~Allow.STR)) as Record<string, unknown> | undefined;
  } catch {
    return undefined;
  }
}

/** Streamed input beyond this size is not refined until it is complete. */
const MAX_REFINED_INPUT = 64 * 1024;

/** The input JSON of one streaming tool use so far. */
export interface StreamingInput {
  readonly toolCallId: string;
  json: string;
  /** Parameters of the last refinement. */
  keys: number;
}

/** The tool uses streaming right now, by parent and content block index. */
export class StreamedInputs {
  private readonly open = new Map<string, StreamingInput>();

  begin(toolCallId: string, parent: string | null, index: number): void {
    this.open.set(`${parent}:${index}`, { toolCallId, json: "", keys: 0 });
  }

  /** Appends `partialJson` to its tool use's input: that tool use, or undefined. */
  append(partialJson: string, parent: string | null, index: number): StreamingInput | undefined {
    const streaming = this.open.get(`${parent}:${index}`);
    if (streaming) streaming.json += partialJson;
    return streaming;
  }

  /**
   * The input so far when `partialJson` completed a new parameter, else undefined. A
   * parameter completes where a `,` or `}` arrives; parsing only then (and not at all for
   * huge inputs, such as a large Write) keeps a long input linear.
   */
  refined(streaming: StreamingInput, partialJson: string): Record<string, unknown> | undefined {
    if (!/[,}]/.test(partialJson) || streaming.json.length > MAX_REFINED_INPUT) return undefined;
    const partial = parsePartialInput(streaming.json);
    const keys = partial ? Object.keys(partial).length : 0;
    if (!partial || keys <= streaming.keys) return undefined;
    streaming.keys = keys;
    return partial;
  }

  /** The end of a streamed message of `parent` (null: the main conversation). */
  messageStopped(parent: string | null): void {
    for (const key of [...this.open.keys()])
      if (key.startsWith(`${parent}:`)) this.open.delete(key);
  }

  /** The end of a turn: only `keep`'s subagents (background ones) stream on. */
  endTurn(keep?: (parent: string) => boolean): void {
    for (const key of [...this.open.keys()]) {
      const parent = key.slice(0, key.lastIndexOf(":"));
      if (parent === "null" || !keep?.(parent)) this.open.delete(key);
    }
  }
}
