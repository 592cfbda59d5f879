import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../profile/client-profile.js";
import { CompactionTranslator } from "./compaction.js";
import { agentTextChunk, MessageStreamTranslator } from "./message-stream.js";
import { OpenMcpCalls } from "./open-mcp-calls.js";
import { redactForUser } from "../util/redact.js";
import { toRoot, type RoutedUpdate } from "./routed-update.js";
import { permissionDenialOf, stampedKind } from "./tool-calls/permission-denial.js";
import { record } from "./tool-calls/reporter.js";
import type { RegularFileCheck, ToolResultBlock, ToolUseBlock } from "./tool-calls/facts.js";
import { ToolCallTranslator } from "./tool-calls/tool-call-translator.js";

const NONE: readonly RoutedUpdate[] = Object.freeze([]);

/**
 * SDK messages → ACP session updates: message text and thinking, and tool calls, each
 * tagged with its target (the root session or a subagent's child, `routed-update.ts`).
 * Dispatches each message to the translator of its kind; no I/O.
 */
export class SdkMessageTranslator {
  readonly text: MessageStreamTranslator;
  readonly tools: ToolCallTranslator;
  readonly compaction: CompactionTranslator;
  /** The MCP tool calls running now (an MCP elicitation names its call). */
  readonly mcpCalls: OpenMcpCalls;

  /**
   * `regularFile`: the session's file check for AIR `planFile` (`ToolCallTranslator`);
   * `redact`: makes an error text from Claude Code fit for the user (a denial's reason);
   * `cwd`: the session's directory (tool titles name the files in it relative to it).
   */
  constructor(
    profile: ClientProfile,
    flatSubagents: boolean,
    regularFile?: RegularFileCheck,
    private readonly redact: (text: string) => string = redactForUser,
    cwd?: string,
  ) {
    this.text = new MessageStreamTranslator(flatSubagents);
    this.tools = new ToolCallTranslator(profile, flatSubagents, regularFile, cwd);
    this.compaction = new CompactionTranslator(profile);
    this.mcpCalls = new OpenMcpCalls((parent) => parent === null || flatSubagents);
  }

  /** Claude Code's protocol capabilities, as its latest `system/init` listed them. */
  private cliCapabilities: ReadonlySet<string> = new Set();

  /** Whether the running Claude Code declared `capability` (`system/init` `capabilities`). */
  cliSupports(capability: string): boolean {
    return this.cliCapabilities.has(capability);
  }

  /** A subagent whose work goes on past the parent's turn (a background child), if any. */
  private outlives: ((parent: string) => boolean) | undefined;

  /** Keeps the state of the subagents `outlives` names when a turn ends. */
  keepAcrossTurns(outlives: (parent: string) => boolean): void {
    this.outlives = outlives;
  }

  /** Forgets per-turn state once a turn ended (not the work of a subagent that outlives it). */
  endTurn(): void {
    this.text.endTurn(this.outlives);
    this.tools.endTurn(this.outlives);
    this.mcpCalls.clear();
  }

  translate(message: SDKMessage): RoutedUpdate[] {
    switch (message.type) {
      case "stream_event": {
        // One array per streamed delta, not three (bench/NOTES.md, stream memory).
        const text = this.text.translate(message);
        const tools = this.fromStreamEvent(message);
        return tools.length === 0 ? text : text.concat(tools);
      }
      case "assistant": {
        const text = this.text.translate(message);
        const tools = this.fromAssistant(message);
        return tools.length === 0 ? text : text.concat(tools);
      }
      case "user":
        return this.fromUser(message);
      case "tool_progress":
        return this.tools.progress(message.tool_use_id, message.parent_tool_use_id);
      case "system":
        return this.fromSystem(message);
      default:
        return [];
    }
  }

  private fromStreamEvent(
    message: Extract<SDKMessage, { type: "stream_event" }>,
  ): readonly RoutedUpdate[] {
    const event = message.event;
    const parent = message.parent_tool_use_id;
    if (event.type === "content_block_start" && event.content_block.type === "tool_use") {
      return this.tools.start(event.content_block, parent, event.index);
    }
    if (event.type === "content_block_delta" && event.delta.type === "input_json_delta") {
      return this.tools.inputDelta(event.delta.partial_json, parent, event.index);
    }
    if (event.type === "message_stop") this.tools.messageStopped(parent);
    return NONE;
  }

  // fromAssistant and fromUser run for every entry of a replayed history, mostly before
  // V8 optimises them (src/util/tiering.ts): index loops, no callbacks.
  private fromAssistant(message: Extract<SDKMessage, { type: "assistant" }>): RoutedUpdate[] {
    if (message.error !== undefined) return [];
    const content = message.message.content;
    let updates: RoutedUpdate[] = [];
    for (let i = 0; i < content.length; i++) {
      const block = content[i]!;
      if (
        block.type === "tool_use" ||
        block.type === "server_tool_use" ||
        block.type === "mcp_tool_use"
      ) {
        const use = block as ToolUseBlock;
        this.mcpCalls.started(use.id, use.name, message.parent_tool_use_id);
        updates = updates.concat(
          this.tools.complete(block as ToolUseBlock, message.parent_tool_use_id),
        );
      }
    }
    return updates;
  }

  private fromSystem(message: Extract<SDKMessage, { type: "system" }>): RoutedUpdate[] {
    if (message.subtype === "init") {
      // Sent at the start of each turn, ahead of its tools' permission requests.
      if (Array.isArray(message.capabilities)) this.cliCapabilities = new Set(message.capabilities);
      return [];
    }
    // Compaction is the root conversation's.
    if (message.subtype === "compact_boundary") {
      const metadata = (message as { compact_metadata?: unknown }).compact_metadata;
      return toRoot(this.compaction.ended({ success: true, metadata }));
    }
    if (message.subtype === "local_command_output") return toRoot(localCommandOutput(message));
    if (message.subtype === "permission_denied") {
      const denial = permissionDenialOf(message, this.redact);
      return denial ? this.tools.denied(denial) : [];
    }
    if (message.subtype !== "status") return [];
    const status = message as {
      status?: unknown;
      compact_result?: unknown;
      compact_error?: unknown;
      uuid: string;
    };
    if (status.status === "compacting") return toRoot(this.compaction.started(status.uuid));
    if (status.compact_result !== undefined && status.compact_result !== "success")
      return toRoot(this.compaction.ended({ success: false, error: status.compact_error }));
    return [];
  }

  private fromUser(message: Extract<SDKMessage, { type: "user" }>): RoutedUpdate[] {
    const content = message.message.content;
    if (!Array.isArray(content)) return [];
    const structured = "tool_use_result" in message ? message.tool_use_result : undefined;
    const sidecar = (message as { tool_result_meta?: unknown }).tool_result_meta;
    let updates: RoutedUpdate[] = [];
    for (let i = 0; i < content.length; i++) {
      const b = record(content[i]);
      if (b?.type !== "tool_result" || typeof b.tool_use_id !== "string") continue;
      this.mcpCalls.ended(b.tool_use_id);
      const stamped = stampedKind(sidecar, b.tool_use_id);
      const block = b as unknown as ToolResultBlock;
      updates = updates.concat(this.tools.result(block, structured, stamped));
    }
    return updates;
  }
}

/**
 * A local command's output (features 1h: `/usage`, `/context`, `/voice` …) as the agent's
 * text. Claude Code 0.3.318 sends most of it as a synthetic assistant message instead,
 * which the message stream forwards; this is the message the SDK declares for it.
 */
function localCommandOutput(message: { content?: unknown; uuid: string }): SessionUpdate[] {
  if (typeof message.content !== "string" || message.content === "") return [];
  return [agentTextChunk(message.content, message.uuid)];
}
