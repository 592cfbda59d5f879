import { createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";
import type {
  ContentBlock,
  PermissionOption,
  PlanEntry,
  PromptResponse,
  RequestPermissionRequest,
  SessionUpdate,
  ToolCallContent,
  ToolCallUpdate,
} from "@agentclientprotocol/sdk/unstable";
import type { Palette } from "./style.js";

/** A tool call as the client knows it: every update merged in (top-level fields replace). */
type ToolView = ToolCallUpdate;

interface TerminalView {
  output: string;
  exitCode?: number | null;
}

const BAR = "  │ ";

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const fmt = (n: number | null | undefined): string => (n ?? 0).toLocaleString("en-US");

/**
 * Turns ACP traffic into transcript text, generically from the wire: it knows ACP
 * update kinds and content types, never a Claude tool name. Pure: each method takes
 * one event and returns the text to print (possibly a partial line while text streams).
 */
export class Transcript {
  /** The streamed block the cursor is in, if the last output ended mid-block. */
  private open: { kind: "thought" | "message"; messageId: string | null | undefined } | undefined;
  private readonly tools = new Map<string, ToolView>();
  private readonly announced = new Set<string>();
  private readonly finished = new Set<string>();
  /** Terminal output by terminal id: `_meta.terminal_output` replaces, `_delta` appends. */
  private readonly terminals = new Map<string, TerminalView>();
  /** Consecutive notes (usage, commands, mode) print without blank lines between them. */
  private lastWasNote = false;

  /** `cwd` is shortened away in titles and paths so the transcript stays readable. */
  constructor(
    private readonly c: Palette,
    private readonly cwd?: string,
  ) {}

  user(text: string): string {
    return `${this.gap()}${this.c.bold(this.c.blue("› you"))}  ${text}\n`;
  }

  /** A dim one-line remark; consecutive notes stay together. */
  note(text: string): string {
    const out = `${this.lastWasNote ? "" : this.gap()}${this.c.dim(text)}\n`;
    this.lastWasNote = true;
    return out;
  }

  error(text: string): string {
    return `${this.gap()}${this.c.red(this.c.bold("✗ error"))} ${this.c.red(text)}\n`;
  }

  update(u: SessionUpdate): string {
    switch (u.sessionUpdate) {
      case "agent_thought_chunk":
        return this.stream("thought", u.messageId, this.blockText(u.content));
      case "agent_message_chunk":
        return this.stream("message", u.messageId, this.blockText(u.content));
      case "user_message_chunk":
        return this.user(this.blockText(u.content));
      case "tool_call":
      case "tool_call_update":
        return this.toolUpdate(u);
      case "plan":
        return this.flush() + this.plan(u.entries);
      case "usage_update": {
        const pct = u.size > 0 ? ` (${((100 * u.used) / u.size).toFixed(1)}%)` : "";
        // The demo's model is scripted: the cost is Claude Code's price for the scripted
        // token counts, and nothing is billed.
        const cost = u.cost
          ? ` · simulated cost ${u.cost.currency} ${u.cost.amount.toFixed(4)} (scripted model, nothing billed)`
          : "";
        return this.note(`· context ${fmt(u.used)} / ${fmt(u.size)} tokens${pct}${cost}`);
      }
      case "available_commands_update":
        return this.note(`· ${u.availableCommands.length} slash commands available`);
      case "current_mode_update":
        return this.note(`· mode: ${u.currentModeId}`);
      case "session_info_update":
        return u.title ? this.note(`· session title: ${u.title}`) : "";
      default:
        return this.note(`· ${u.sessionUpdate}`);
    }
  }

  /** A permission question, its options, and the one the client picked (none: cancelled). */
  permission(req: RequestPermissionRequest, picked: PermissionOption | undefined): string {
    const { c } = this;
    const tool = this.merge(req.toolCall);
    let out = this.flush(req.toolCall.toolCallId) + this.announce(tool);
    out += `${c.yellow(c.bold("? permission requested:"))} ${this.short(tool.title ?? tool.toolCallId)}\n`;
    for (const option of req.options) {
      const chosen = option === picked;
      const line = `${chosen ? "●" : "○"} ${option.name} ${c.dim(`(${option.kind})`)}`;
      out += `    ${chosen ? c.bold(line) + c.green("  ← client picked") : line}\n`;
    }
    if (!picked) out += `    ${c.red("→ cancelled (no option to pick)")}\n`;
    return out;
  }

  /** The prompt response: why the turn ended and what it cost. */
  result(response: PromptResponse): string {
    const { c } = this;
    const u = response.usage;
    const usage = u
      ? `${fmt(u.totalTokens)} tokens (${fmt(u.inputTokens)} in · ${fmt(u.outputTokens)} out · ` +
        `${fmt(u.cachedReadTokens)} cache read · ${fmt(u.cachedWriteTokens)} cache write)`
      : "no usage reported";
    return `${this.flush()}${this.gap()}${c.bold(c.magenta(`■ ${response.stopReason}`))}  ${c.dim(usage)}\n`;
  }

  /** Ends an open line and announces tool calls still waiting for their header. */
  flush(except?: string): string {
    let out = this.open ? "\n" : "";
    this.open = undefined;
    this.lastWasNote = false;
    for (const [id, tool] of this.tools) {
      if (id !== except && !this.announced.has(id)) out += this.announce(tool);
    }
    return out;
  }

  private gap(): string {
    const out = this.open ? "\n\n" : "\n";
    this.open = undefined;
    this.lastWasNote = false;
    return out;
  }

  private stream(
    kind: "thought" | "message",
    messageId: string | null | undefined,
    text: string,
  ): string {
    if (!text) return "";
    const { c } = this;
    const prefix = kind === "thought" ? c.dim("  ┆ ") : "  ";
    let out = "";
    if (this.open?.kind !== kind || this.open.messageId !== messageId) {
      out +=
        this.flush() +
        "\n" +
        (kind === "thought" ? c.dim("  ✻ thinking") + "\n" : c.cyan("⏺ claude") + "\n");
      out += prefix;
      this.open = { kind, messageId };
    }
    const styled =
      kind === "thought" ? (s: string): string => c.dim(c.italic(s)) : (s: string): string => s;
    return (
      out +
      text
        .split("\n")
        .map(styled)
        .join("\n" + prefix)
    );
  }

  private toolUpdate(
    u: Extract<SessionUpdate, { sessionUpdate: "tool_call" | "tool_call_update" }>,
  ): string {
    const { sessionUpdate: _kind, ...fields } = u;
    this.readTerminalMeta(u.toolCallId, u._meta);
    const tool = this.merge(fields);
    const id = u.toolCallId;
    let out = this.flush(id);
    const status = tool.status;
    if (status === "pending" || status === undefined || status === null) return out;
    out += this.announce(tool);
    if ((status === "completed" || status === "failed") && !this.finished.has(id)) {
      this.finished.add(id);
      out += this.toolContent(tool) + this.toolEnd(tool);
    }
    return out;
  }

  private merge(update: ToolCallUpdate): ToolView {
    const next: Record<string, unknown> = { ...this.tools.get(update.toolCallId) };
    for (const [key, value] of Object.entries(update)) {
      if (value !== undefined && value !== null) next[key] = value;
    }
    const tool = next as ToolView;
    this.tools.set(update.toolCallId, tool);
    return tool;
  }

  private announce(tool: ToolView): string {
    if (this.announced.has(tool.toolCallId)) return "";
    this.announced.add(tool.toolCallId);
    const { c } = this;
    const kind = c.bold(c.yellow(`▸ ${tool.kind ?? "other"}`));
    return `\n${kind}  ${this.short(tool.title ?? tool.name ?? tool.toolCallId)}\n`;
  }

  private readTerminalMeta(toolCallId: string, meta: unknown): void {
    const m = record(meta);
    if (!m) return;
    const terminal = (
      key: string,
    ): { id: string; view: TerminalView; data: unknown } | undefined => {
      const entry = record(m[key]);
      if (!entry) return undefined;
      const id = typeof entry.terminal_id === "string" ? entry.terminal_id : toolCallId;
      const view = this.terminals.get(id) ?? { output: "" };
      this.terminals.set(id, view);
      return { id, view, data: entry.data ?? entry.exit_code };
    };
    const snapshot = terminal("terminal_output");
    if (snapshot && typeof snapshot.data === "string") snapshot.view.output = snapshot.data;
    const delta = terminal("terminal_output_delta");
    if (delta && typeof delta.data === "string") delta.view.output += delta.data;
    const exit = terminal("terminal_exit");
    if (exit) exit.view.exitCode = typeof exit.data === "number" ? exit.data : null;
  }

  private toolContent(tool: ToolView): string {
    return (tool.content ?? []).map((block) => this.contentBlock(block)).join("");
  }

  private contentBlock(block: ToolCallContent): string {
    const { c } = this;
    switch (block.type) {
      case "diff":
        return this.diff(block.path, block.oldText ?? "", block.newText);
      case "terminal": {
        const output = this.terminals.get(block.terminalId)?.output ?? "";
        return this.bar(output.trimEnd() || c.dim("(no output)"));
      }
      case "content": {
        const text = this.blockText(block.content).replace(/^```[\w-]*\n|\n?```\s*$/g, "");
        return this.bar(text.trimEnd() || c.dim("(empty)"));
      }
      default:
        return this.bar(c.dim(`[${(block as { type: string }).type}]`));
    }
  }

  private diff(path: string, oldText: string, newText: string): string {
    const { c } = this;
    const name = this.short(path);
    const patch = createTwoFilesPatch(name, name, oldText, newText, undefined, undefined, {
      context: 3,
      headerOptions: FILE_HEADERS_ONLY,
    });
    const colour = (line: string): string => {
      if (line.startsWith("+++") || line.startsWith("---")) return c.bold(line);
      if (line.startsWith("+")) return c.green(line);
      if (line.startsWith("-")) return c.red(line);
      if (line.startsWith("@@")) return c.cyan(line);
      return line.startsWith("\\") ? c.dim(line) : line;
    };
    return patch
      .trimEnd()
      .split("\n")
      .map((line) => `    ${colour(line)}\n`)
      .join("");
  }

  private toolEnd(tool: ToolView): string {
    const { c } = this;
    const exits = (tool.content ?? []).flatMap((b) => {
      const code = b.type === "terminal" ? this.terminals.get(b.terminalId)?.exitCode : undefined;
      return typeof code === "number" ? [`exit ${code}`] : [];
    });
    const detail = exits.length > 0 ? c.dim(` (${exits.join(", ")})`) : "";
    return tool.status === "failed"
      ? `  ${c.red("✗ failed")}${detail}\n`
      : `  ${c.green("✓ done")}${detail}\n`;
  }

  private plan(entries: PlanEntry[]): string {
    const { c } = this;
    const mark = { pending: "○", in_progress: "◐", completed: c.green("●") } as const;
    const lines = entries.map((e) => `    ${mark[e.status] ?? "○"} ${e.content}\n`).join("");
    return `\n${c.bold(c.blue("☰ plan"))}\n${lines || "    (empty)\n"}`;
  }

  private bar(text: string): string {
    return text
      .split("\n")
      .map((line) => `${this.c.dim(BAR)}${line}\n`)
      .join("");
  }

  private blockText(block: ContentBlock): string {
    switch (block.type) {
      case "text":
        return block.text;
      case "resource_link":
        return `[${block.name}](${block.uri})`;
      case "resource":
        return "text" in block.resource ? block.resource.text : `[${block.resource.uri}]`;
      default:
        return `[${block.type}]`;
    }
  }

  private short(text: string): string {
    return this.cwd
      ? text
          .split(this.cwd + "/")
          .join("")
          .split(this.cwd)
          .join(".")
      : text;
  }
}
