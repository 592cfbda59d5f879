import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { ToolReporter } from "./reporter.js";
import type { ToolCallState } from "./tool-call-state.js";

/**
 * Which field of a tool call report carries each fact, and how often: the client's
 * contract. Upstream's (`UPSTREAM_CONTRACT`, every client's unless an extension brings
 * its own) is the standard fields with the upstream adapter's values, the same fact in
 * several fields and every `_meta` key in every report; an extension may bring another
 * (AIR's "Tool call contract": each fact in one field, `_meta` merged), through the hook
 * `toolCallContract`. Picked once per translator; the renderer and the translator ask it
 * where they would otherwise test the client. Its members are read on every report: plain
 * fields and small functions, no work of their own.
 */
export interface ToolCallContract {
  /** Titles name a file in the session's directory relative to it (upstream); else absolute. */
  readonly relativeTitles: boolean;
  /** Reporters that show these tools in the contract's own shape, by tool name. */
  readonly reporters?: Readonly<Record<string, ToolReporter>>;
  /** `claudeCode.toolResponse` of a PostToolUse response: upstream's all of it; undefined: none. */
  toolResponse(response: unknown): unknown;
  /** A denial's reason goes in `claudeCode.toolResponse` too (upstream), not in `content` only. */
  readonly denialInResponse: boolean;
  /** Upstream's titles ("Terminal", ...) for a tool whose input has not streamed yet. */
  readonly pendingTitles: boolean;
  /** Upstream's locations: an edit's line once it landed, `[]` for a file tool's unknown path. */
  readonly upstreamLocations: boolean;
  /** The report's `rawInput`; `planPath`: the plan file that stands in for the plan text. */
  rawInput(state: ToolCallState, planPath: string | undefined): unknown;
  /** An ExitPlanMode's plan file in place of its plan text (AIR `planFile`); none: the text. */
  readonly planFile?: PlanFileRule;
  /** `rawOutput` even when another field shows the result (upstream), else only when none does. */
  readonly rawOutputAlways: boolean;
  /** The input's display text (a command's description) goes in `content`. */
  readonly displayText: boolean;
  /** A result without a display form of its own goes in `content` too (upstream), not only `rawOutput`. */
  readonly rawOnlyInContent: boolean;
  /** A command's output replaces its description in `content` (upstream), not follows it. */
  readonly outputReplacesDescription: boolean;
  /** An edit's final `content` is upstream's hunks; else the whole file's diff (an exact patch's client). */
  readonly editHunks: boolean;
  /** A plan that repeats the last plan is sent again (upstream). */
  readonly repeatsPlans: boolean;
  /** The client merges `_meta` key by key: unchanged keys are left out (`field-tracker.ts`). */
  readonly mergesMeta: boolean;
  /** A tool's full response goes out in an update of its own before the completion (upstream). */
  readonly fullResponseUpdate: boolean;
  /** An approved tool reports `in_progress` at once (upstream has no such status). */
  readonly approvalRuns: boolean;
  /** The first report and a permission request's tool call name the Claude tool (`name`, upstream). */
  readonly namesTool: boolean;
  /** The `content` a permission request's tool call repeats: upstream's all of it; undefined: none. */
  requestContent(content: ToolCallContent[] | undefined): ToolCallContent[] | undefined;
  /** The final update of a terminal command repeats its `content` (upstream's convention). */
  readonly repeatsTerminalContent: boolean;
}

/** A contract's plan file rule (AIR `planFile`, "Plan file"). */
export interface PlanFileRule {
  /** The path to check for a regular file, once per path, before a report renders it. */
  candidate(state: ToolCallState): string | undefined;
  /** The path that stands in for the plan text, when known and not found missing. */
  path(state: ToolCallState): string | undefined;
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** The negotiated extension's tool call contract (AIR's), in place of upstream's. */
    readonly toolCallContract?: ToolCallContract;
  }
}

/** Upstream's contract: the standard ACP fields with the upstream adapter's values. */
export const UPSTREAM_CONTRACT: ToolCallContract = Object.freeze({
  relativeTitles: true,
  toolResponse: (response: unknown) => response,
  denialInResponse: true,
  pendingTitles: true,
  upstreamLocations: true,
  rawInput: (state: ToolCallState) => state.input,
  rawOutputAlways: true,
  displayText: true,
  rawOnlyInContent: true,
  outputReplacesDescription: true,
  editHunks: true,
  repeatsPlans: true,
  mergesMeta: false,
  fullResponseUpdate: true,
  approvalRuns: false,
  namesTool: true,
  requestContent: (content: ToolCallContent[] | undefined) => content,
  repeatsTerminalContent: true,
});

/** The tool call contract of the client `profile` describes. */
export function contractFor(profile: ClientProfile): ToolCallContract {
  return profile.hooks.toolCallContract ?? UPSTREAM_CONTRACT;
}
