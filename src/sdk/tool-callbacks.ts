import { readFileSync, statSync } from "node:fs";
import type {
  CanUseTool,
  ElicitationRequest,
  ElicitationResult,
  HookCallbackMatcher,
  HookEvent,
  OnElicitation,
  OnUserDialog,
  PermissionResult,
  UserDialogRequest,
  UserDialogResult,
} from "@anthropic-ai/claude-agent-sdk";
import { log } from "../util/log.js";

/** What Claude Code asks of the session while a tool runs. */
export interface ToolEvents {
  /** Claude Code needs the user's permission for a tool use. */
  requestPermission(request: PermissionAsk): Promise<PermissionResult>;
  /**
   * Whether the report of a finished file tool shows the file on disk after it (an exact
   * patch's whole file): the hook then reads it before it answers, since Claude Code may
   * change the file again once it has the answer.
   */
  readsFileAfter(toolUseId: string, toolResponse: unknown): boolean;
  /**
   * A tool finished; for file tools `fileAfter` is the file on disk now, when
   * `readsFileAfter`. Claude Code waits for the hook until this returns: the report is
   * made after the hook has answered.
   */
  toolFinished(toolUseId: string, toolResponse: unknown, fileAfter: string | undefined): void;
  /** Claude Code is about to compact the conversation (`trigger`: `manual` or `auto`). */
  compacting(trigger: string): void;
  /** Claude Code compacted the conversation; `summary` is what it kept. */
  compacted(summary: string): void;
  /**
   * The model changed other than through the adapter (`/model x` typed as a prompt, an
   * automatic fallback): `requested` is what was asked for (null: the default), `model`
   * the resolved id it runs now.
   */
  modelSwitched(requested: string | null, model: string): void;
  /**
   * The task list changed (TaskCreated / TaskCompleted hooks), in the main conversation
   * or a subagent: `kind`, the task's id and subject.
   */
  taskChanged(event: { kind: "created" | "completed"; taskId: string; subject: string }): void;
  /** An MCP server asks the user for input (its `elicitation/create`). */
  elicit(request: ElicitationRequest, signal: AbortSignal): Promise<ElicitationResult>;
  /** Claude Code asks the user a blocking dialog (its `request_user_dialog`). */
  dialog(request: UserDialogRequest, signal: AbortSignal): Promise<UserDialogResult>;
  /**
   * A subagent starts (or resumes) in `cwd` (the SubagentStart hook): its task id is
   * `agentId`. Absent: the hook is not registered (it costs a round trip per subagent).
   */
  subagentStarted?(agentId: string, cwd: string): void;
  /**
   * What a hook that fired within a subagent reports of it (PreToolUse, SubagentStop).
   * Absent: those hooks are not registered (they cost a round trip per tool call).
   */
  subagentReported?(report: SubagentReport): void;
}

/**
 * What Claude Code's hooks report of a running subagent (`agentId` is its task id): the
 * permission mode and reasoning effort it runs with and its agent type. Claude Code
 * tells them nowhere else; a subagent's stream carries only its model.
 */
export interface SubagentReport {
  readonly agentId: string;
  readonly agentType?: string;
  readonly permissionMode?: string;
  /** The effort level applied to the subagent's current turn ("medium"). */
  readonly effort?: string;
}

export interface PermissionAsk {
  readonly toolName: string;
  readonly input: Record<string, unknown>;
  readonly toolUseId: string;
  readonly signal: AbortSignal;
  /** The SDK's suggestions, unvalidated. */
  readonly suggestions: unknown;
  /** An ask rule forced the request, or the SDK forbids an always-allow choice. */
  readonly noDurableChoice: boolean;
  readonly decisionReason: string | undefined;
  /** A stray keystroke must not approve the request: the decline comes first. */
  readonly defaultToNo: boolean;
  /** The path that made Claude Code ask (a command reaching outside the folders). */
  readonly blockedPath: string | undefined;
  /** The MCP server of an `mcp__*` tool, by its configured name. */
  readonly mcpServer: string | undefined;
  /** Where that server is configured (`sdk`, `dynamic`, `project`…: an open set). */
  readonly mcpServerSource: string | undefined;
  /** Claude Code's short name of the action ("Read file"; a Computer Use app). */
  readonly displayName: string | undefined;
}

/** Tools whose final diff is read from disk after they ran. */
const FILE_TOOLS = new Set(["Edit", "Write", "MultiEdit"]);
/** A file larger than this is not read for a diff. */
const MAX_DIFF_BYTES = 1024 * 1024;

export function canUseToolFor(events: ToolEvents): CanUseTool {
  return (toolName, input, options) =>
    events.requestPermission({
      toolName,
      input,
      toolUseId: options.toolUseID,
      signal: options.signal,
      suggestions: options.suggestions,
      noDurableChoice:
        options.matchedAskRule !== undefined || options.suppressAlwaysAllowRule === true,
      decisionReason: options.decisionReason,
      defaultToNo: options.defaultToNo === true,
      blockedPath: options.blockedPath,
      mcpServer: options.mcpServer?.name,
      mcpServerSource: options.mcpServer?.source,
      displayName: options.displayName,
    });
}

/** The SDK's `onElicitation`: an MCP server's request for the user's input. */
export function onElicitationFor(events: ToolEvents): OnElicitation {
  return (request, options) => events.elicit(request, options.signal);
}

/** The SDK's `onUserDialog`: a dialog of a kind the session declared it renders. */
export function onUserDialogFor(events: ToolEvents): OnUserDialog {
  return (request, options) => events.dialog(request, options.signal);
}

/**
 * A file tool's file as it is on disk now (at most 1 MiB), or undefined. Read at once, not
 * through the thread pool: Claude Code waits for the hook's answer, and the async read's hops
 * cost more than the read (120 KB: 0.14 ms at once, 0.36 ms async, median at load 26;
 * bench/NOTES.md "Issue 34, 2026-12-07 (night)").
 */
function fileAfter(toolResponse: unknown): string | undefined {
  const path = (toolResponse as { filePath?: unknown } | null)?.filePath;
  if (typeof path !== "string") return undefined;
  try {
    // A FIFO or device would block a synchronous read: regular files only.
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > MAX_DIFF_BYTES) return undefined;
    const data = readFileSync(path);
    return data.length <= MAX_DIFF_BYTES ? data.toString("utf8") : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The SDK hooks the adapter needs: PostToolUse for the full response and final diffs,
 * PostModelSwitch for a model the user switched to with a command, PreCompact and
 * PostCompact for the compaction's trigger and summary, TaskCreated and TaskCompleted for
 * the plan (a subagent's task changes included), SubagentStart for where a child runs.
 * `childResponses`: every tool call of a subagent reports its full response (spec "Claude
 * tools and ACP fields": a client that is not AIR gets it for every tool).
 */
export function hooksFor(
  events: ToolEvents,
  childResponses = false,
): Partial<Record<HookEvent, HookCallbackMatcher[]>> {
  return {
    // The file tools: their final diff needs the disk after the tool ran. Every other tool
    // of the main conversation has its full response with its result (`tool_use_result`),
    // and a hook costs Claude Code a round trip per tool call; a subagent's results carry
    // none, so with `childResponses` the hook runs for every tool, and answers at once for
    // the main conversation's.
    PostToolUse: [
      {
        ...(childResponses ? {} : { matcher: [...FILE_TOOLS].join("|") }),
        hooks: [
          async (input) => {
            if (input.hook_event_name !== "PostToolUse") return {};
            if (!FILE_TOOLS.has(input.tool_name) && input.agent_id === undefined) return {};
            try {
              const reads =
                FILE_TOOLS.has(input.tool_name) &&
                events.readsFileAfter(input.tool_use_id, input.tool_response);
              const after = reads ? fileAfter(input.tool_response) : undefined;
              events.toolFinished(input.tool_use_id, input.tool_response, after);
            } catch (error) {
              log.warn("PostToolUse handling failed", {
                toolUseId: input.tool_use_id,
                message: String(error),
              });
            }
            return {};
          },
        ],
      },
    ],
    // The adapter's own switches (`sdk`) and a resume's restored model are known already.
    PostModelSwitch: [
      {
        hooks: [
          async (input) => {
            if (
              input.hook_event_name === "PostModelSwitch" &&
              input.source !== "sdk" &&
              input.source !== "resume"
            )
              // An automatic switch (a fallback) asked for nothing: its null is not "default".
              events.modelSwitched(
                input.source === "auto" ? input.to_model : input.requested_model,
                input.to_model,
              );
            return {};
          },
        ],
      },
    ],
    // Only the main conversation's compaction is reported (the status and boundary
    // messages are its own): a subagent's hooks carry its `agent_id`.
    PreCompact: [
      {
        hooks: [
          async (input) => {
            if (input.hook_event_name === "PreCompact" && input.agent_id === undefined)
              events.compacting(input.trigger);
            return {};
          },
        ],
      },
    ],
    PostCompact: [
      {
        hooks: [
          async (input) => {
            if (input.hook_event_name === "PostCompact" && input.agent_id === undefined)
              events.compacted(input.compact_summary);
            return {};
          },
        ],
      },
    ],
    // Every agent's: the task list is the session's, whichever agent changed it.
    TaskCreated: taskHook("TaskCreated", "created", events),
    TaskCompleted: taskHook("TaskCompleted", "completed", events),
    ...(events.subagentStarted ? { SubagentStart: subagentStartHook(events) } : {}),
    ...(events.subagentReported
      ? { PreToolUse: reportHook(events), SubagentStop: reportHook(events) }
      : {}),
  };
}

/** A hook's matcher that reports the subagent it fired within (`subagentReported`). */
function reportHook(events: ToolEvents): HookCallbackMatcher[] {
  return [
    {
      hooks: [
        async (input) => {
          const report = subagentReport(input);
          if (report) events.subagentReported?.(report);
          return {};
        },
      ],
    },
  ];
}

/** The report of a hook's input, when it fired within a subagent (`agent_id`); else undefined. */
export function subagentReport(input: {
  agent_id?: string;
  agent_type?: string;
  permission_mode?: string;
  effort?: { level?: unknown };
}): SubagentReport | undefined {
  if (!input.agent_id) return undefined;
  const level = input.effort?.level;
  return {
    agentId: input.agent_id,
    ...(input.agent_type ? { agentType: input.agent_type } : {}),
    ...(input.permission_mode ? { permissionMode: input.permission_mode } : {}),
    ...(typeof level === "string" && level ? { effort: level } : {}),
  };
}

/**
 * The SubagentStart hook's matcher: its `cwd` is the child's folder, a worktree of its
 * own with `isolation: "worktree"` (Claude Code 2.1.318), and `agent_id` its task id.
 */
function subagentStartHook(events: ToolEvents): HookCallbackMatcher[] {
  return [
    {
      hooks: [
        async (input) => {
          if (input.hook_event_name === "SubagentStart")
            events.subagentStarted?.(input.agent_id, input.cwd);
          return {};
        },
      ],
    },
  ];
}

/** A task hook's matcher: tells `events` of each task created or completed. */
function taskHook(
  event: "TaskCreated" | "TaskCompleted",
  kind: "created" | "completed",
  events: ToolEvents,
): HookCallbackMatcher[] {
  return [
    {
      hooks: [
        async (input) => {
          if (input.hook_event_name === event)
            events.taskChanged({ kind, taskId: input.task_id, subject: input.task_subject });
          return {};
        },
      ],
    },
  ];
}
