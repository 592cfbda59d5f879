import { randomUUID } from "node:crypto";

/**
 * Claude Code transcripts written by hand, in the shape Claude Code 2.1.318 (SDK
 * 0.3.318) writes them (read off transcripts of real scenario runs): a user prompt
 * entry, attachment entries, large `api-request-shape` bookkeeping lines, one
 * assistant entry per content block sharing the Anthropic message id, tool results
 * with `toolUseResult`, `last-prompt` markers. For listing and loading tests and the
 * history benchmark.
 */
export interface SyntheticTurn {
  readonly prompt: string;
  readonly thinking?: string;
  readonly text: string;
  /** A Bash call before the answer, with its output. */
  readonly bash?: { readonly command: string; readonly output: string };
}

export interface SyntheticSession {
  readonly sessionId: string;
  readonly cwd: string;
  readonly turns: readonly SyntheticTurn[];
  /** Start time of the first entry. */
  readonly startedAt?: Date;
  /** A `custom-title` entry at the end (what /rename writes). */
  readonly customTitle?: string;
  /** Bytes of `api-request-shape` padding per turn (Claude Code writes ~64 KB on the first). */
  readonly bookkeepingBytes?: number;
}

const VERSION = "2.1.318";

export function syntheticTranscript(session: SyntheticSession): string {
  const lines: unknown[] = [];
  let clock = (session.startedAt ?? new Date("2026-01-01T00:00:00Z")).getTime();
  const at = (): string => new Date((clock += 37)).toISOString();
  const common = {
    isSidechain: false,
    userType: "external",
    entrypoint: "sdk-ts",
    cwd: session.cwd,
    sessionId: session.sessionId,
    version: VERSION,
    gitBranch: "main",
  };
  let parent: string | null = null;
  const chained = (entry: Record<string, unknown>): Record<string, unknown> => {
    const uuid = randomUUID();
    const line = { parentUuid: parent, ...entry, uuid, timestamp: at(), ...common };
    parent = uuid;
    return line;
  };
  const queue = (operation: string) => ({
    type: "queue-operation",
    operation,
    timestamp: at(),
    sessionId: session.sessionId,
  });
  session.turns.forEach((turn, index) => {
    lines.push(queue("enqueue"), queue("dequeue"));
    lines.push(
      chained({
        promptId: randomUUID(),
        type: "user",
        message: { role: "user", content: [{ type: "text", text: turn.prompt }] },
        permissionMode: "default",
        promptSource: "sdk",
      }),
    );
    lines.push(
      chained({
        type: "attachment",
        attachment: { type: "date", date: "2026-01-01" },
        rendered: [
          { content: "<system-reminder>\nToday's date is 2026-01-01.\n</system-reminder>" },
        ],
      }),
    );
    const padding = index === 0 ? (session.bookkeepingBytes ?? 2000) : 600;
    lines.push({
      type: "api-request-shape",
      sessionId: session.sessionId,
      shapeHash: randomUUID(),
      timestamp: at(),
      version: VERSION,
      shape: { tools: [{ name: "Bash", description: "x".repeat(padding) }] },
    });
    const messageId = `msg_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
    const assistant = (block: Record<string, unknown>, stop: string | null) =>
      chained({
        type: "assistant",
        message: {
          id: messageId,
          type: "message",
          role: "assistant",
          model: "claude-opus-5-5",
          stop_sequence: null,
          content: [block],
          stop_reason: stop,
          usage: { input_tokens: 10, output_tokens: 20 },
        },
        requestId: `req_${index}`,
      });
    if (turn.thinking) {
      lines.push(assistant({ type: "thinking", thinking: turn.thinking, signature: "c2ln" }, null));
    }
    if (turn.bash) {
      const toolUseId = `toolu_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
      lines.push(
        assistant(
          {
            type: "tool_use",
            id: toolUseId,
            name: "Bash",
            input: { command: turn.bash.command, description: "Run it" },
          },
          "tool_use",
        ),
      );
      lines.push(
        chained({
          type: "user",
          message: {
            role: "user",
            content: [
              {
                tool_use_id: toolUseId,
                type: "tool_result",
                content: turn.bash.output,
                is_error: false,
              },
            ],
          },
          toolUseResult: {
            stdout: turn.bash.output,
            stderr: "",
            interrupted: false,
            isImage: false,
            noOutputExpected: false,
          },
        }),
      );
      const answerId = `msg_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
      lines.push({
        ...chained({
          type: "assistant",
          message: {
            id: answerId,
            type: "message",
            role: "assistant",
            model: "claude-opus-5-5",
            content: [{ type: "text", text: turn.text }],
            stop_reason: "end_turn",
            usage: { input_tokens: 10, output_tokens: 20 },
          },
        }),
      });
    } else {
      lines.push(assistant({ type: "text", text: turn.text }, "end_turn"));
    }
    lines.push({ type: "last-prompt", leafUuid: parent, sessionId: session.sessionId });
  });
  if (session.customTitle) {
    lines.push({
      type: "custom-title",
      customTitle: session.customTitle,
      sessionId: session.sessionId,
    });
  }
  return lines.map((line) => JSON.stringify(line)).join("\n") + "\n";
}
