import type {
  PlanEntry,
  ToolCallContent,
  ToolCallLocation,
  ToolKind,
} from "@agentclientprotocol/sdk/unstable";

/**
 * Tool facts: what a reporter reads off Claude's data, before any decision about which
 * ACP field carries it. The renderer makes those decisions (S000 "Adapter structure").
 */
export interface InputFacts {
  readonly kind: ToolKind;
  readonly title: string;
  readonly locations?: readonly ToolCallLocation[];
  /** Content that the input itself shows, before any result (e.g. an Edit's snippet diff). */
  readonly inputContent?: readonly ToolCallContent[];
  /**
   * Input text that the user reads (a command description, a subagent prompt, a fetch
   * prompt, a plan): one display copy goes to `content` unless the client renders
   * `rawInput` itself or the command has a terminal.
   */
  readonly displayText?: string;
  /** The tool's parameters are plans, not actions: report a `plan`, not a tool call. */
  readonly plan?: readonly PlanEntry[];
  /** A shell command: its output travels on the terminal channel or as a console block. */
  readonly command?: boolean;
}

export interface ResultFacts {
  /** Result to show (read text, search hits, subagent report, fetch answer, MCP text). */
  readonly content?: readonly ToolCallContent[];
  /**
   * Command output and exit code, for `command` tools; `running` for a command that went
   * to the background (it has not ended: no exit).
   */
  readonly commandOutput?: {
    readonly output: string;
    readonly exitCode: number | null;
    readonly running?: true;
  };
  /** A title that replaces the input title once the tool is done (e.g. "Exited Plan Mode"). */
  readonly title?: string;
  /** Where the change landed (each changed hunk of an edit), for a client that is not AIR. */
  readonly locations?: readonly ToolCallLocation[];
  /**
   * The change as upstream shows it (one diff per changed hunk, its context lines
   * included), in place of `content` for a client that takes no exact patch: neither AIR
   * (its diff patch) nor v2 (whose patch is built from `content`'s whole file).
   */
  readonly hunks?: readonly ToolCallContent[];
  /**
   * The result has no display form of its own (an ExitPlanMode rejection reason): AIR
   * gets it in `rawOutput` only, other clients in `content` too.
   */
  readonly rawOnly?: boolean;
}

/** The tool result as Claude reports it: the `tool_result` block and the structured output. */
export interface ToolResult {
  readonly isError: boolean;
  /** The text of the `tool_result` block (what the model sees). */
  readonly text: string;
  /** The raw `tool_result` content, for `rawOutput`. */
  readonly raw: unknown;
  /** `tool_use_result`: the tool's structured output, when Claude sent one. */
  readonly structured: unknown;
}

/** The PostToolUse hook's data for one tool use. */
export interface PostToolUse {
  readonly toolResponse: unknown;
  /** The file as it is on disk after an Edit or Write (read by the SDK bridge). */
  readonly fileAfter?: string;
  /** Rebuilt from a stored transcript (a load's replay), not reported by a live hook. */
  readonly replayed?: boolean;
}

/**
 * The target file of an Edit, MultiEdit or Write as the session read it just before the
 * approval, for a client that takes a preview of the change (AIR `diffPatch`): its bytes,
 * or that it does not exist, or that it could not be read (or is too large to read).
 */
export type FileBeforeApproval =
  { readonly bytes: Uint8Array } | { readonly missing: true } | { readonly unreadable: true };

/** A tool_use block as Claude streams and sends it. */
export interface ToolUseBlock {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** A tool_result block of a user message. */
export interface ToolResultBlock {
  readonly tool_use_id: string;
  readonly content?: unknown;
  readonly is_error?: boolean;
}

/**
 * Whether `path` names a regular file: the one file check of tool call reports (a
 * contract's plan file, AIR `planFile`), injected by the session so that translation
 * itself does no I/O.
 */
export type RegularFileCheck = (path: string) => boolean;
