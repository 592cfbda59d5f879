/**
 * The adapter's only logger. stdout carries the ACP stream, so every log line goes to
 * stderr. Set CLAUDE_AGENT_ACP_DEBUG=1 for debug lines.
 */
const debugEnabled = process.env.CLAUDE_AGENT_ACP_DEBUG === "1";

function write(level: string, message: string, context?: Record<string, unknown>): void {
  const suffix = context ? ` ${safeJson(context)}` : "";
  process.stderr.write(`[claude-agent-acp] ${level} ${message}${suffix}\n`);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export const log = {
  debug(message: string, context?: Record<string, unknown>): void {
    if (debugEnabled) write("debug", message, context);
  },
  info(message: string, context?: Record<string, unknown>): void {
    write("info", message, context);
  },
  warn(message: string, context?: Record<string, unknown>): void {
    write("warn", message, context);
  },
  error(message: string, context?: Record<string, unknown>): void {
    write("error", message, context);
  },
};
