import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The adapter's only logger. stdout carries the ACP stream, so every log line goes to
 * stderr. Set CLAUDE_AGENT_ACP_DEBUG=1 for debug lines, and CLAUDE_AGENT_LOGS=<dir> to
 * also append them, with a timestamp, to `<dir>/agent.log` (editors often drop stderr).
 */
const debugEnabled = process.env.CLAUDE_AGENT_ACP_DEBUG === "1";

/** `<dir>/agent.log`, or undefined without CLAUDE_AGENT_LOGS or when it cannot be made. */
const logFile: string | undefined = (() => {
  const dir = process.env.CLAUDE_AGENT_LOGS;
  if (!dir) return undefined;
  try {
    mkdirSync(dir, { recursive: true });
    return join(dir, "agent.log");
  } catch (error) {
    process.stderr.write(`[claude-agent-acp] warn CLAUDE_AGENT_LOGS unusable: ${String(error)}\n`);
    return undefined;
  }
})();

function write(level: string, message: string, context?: Record<string, unknown>): void {
  const suffix = context ? ` ${safeJson(context)}` : "";
  const line = `[claude-agent-acp] ${level} ${message}${suffix}\n`;
  process.stderr.write(line);
  if (logFile) {
    try {
      appendFileSync(logFile, `${new Date().toISOString()} ${line}`);
    } catch {
      // the log file is a copy: stderr has the line
    }
  }
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
