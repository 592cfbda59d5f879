import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import type { InputFacts } from "./facts.js";
import type { ToolCallState } from "./tool-call-state.js";

/**
 * An extension's part in a tool call report: the renderer builds the standard ACP fields
 * and the upstream `_meta.claudeCode` keys; each negotiated extension adds its own `_meta`
 * keys through one decorator (`extensions/<name>/`). Decorators are picked once per
 * session from the client profile (`decoratorsFor`), so a client that did not negotiate
 * an extension runs none of its code.
 */
export interface ToolCallDecorator {
  /** `_meta` keys whose data the client appends: each value goes out once. */
  readonly appendedKeys: readonly string[];
  /**
   * `_meta` objects a client that merges `_meta` (AIR) merges key by key: the field
   * tracker leaves out their unchanged keys, not only unchanged whole values.
   */
  readonly mergedObjects?: readonly MergedObject[];
  /**
   * A command's output goes to a terminal the client shows (Zed's terminal channel): the
   * renderer puts the standard `terminal` content block in place of the console output
   * and the description, and sends no `rawOutput`.
   */
  readonly terminal?: boolean;
  /** Adds this extension's keys to the report's `_meta` (plain assignments: hot path). */
  decorate(meta: Record<string, unknown>, state: ToolCallState, facts: InputFacts): void;
  /**
   * Replaces the content the renderer picked from the input facts (`"input"`, such as an
   * Edit's snippet diff) or from the PostToolUse facts (`"final"`, such as the final
   * diff), for an extension whose payload lives in a content block rather than in the
   * tool call's `_meta` (AIR `diffPatch`: the diff block's `_meta`). Returns `picked`
   * itself when it changes nothing.
   */
  content?(
    picked: readonly ToolCallContent[],
    from: "input" | "final",
    state: ToolCallState,
  ): readonly ToolCallContent[];
}

/**
 * A `_meta` object merged key by key: `path` from `_meta` down to it; `always` names its
 * keys that go out with every change of it (AIR's `version`).
 */
export interface MergedObject {
  readonly path: readonly string[];
  readonly always?: readonly string[];
}
