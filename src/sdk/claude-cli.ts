import { spawn } from "node:child_process";
import { claudeExecutable } from "./claude-binary.js";

/** Runs the Claude Code CLI with `args` in this terminal; resolves with its exit code. */
export function runClaudeCli(args: readonly string[]): Promise<number> {
  const executable = claudeExecutable();
  if (!executable) {
    process.stderr.write("claude-agent-acp: the Claude Code executable was not found\n");
    return Promise.resolve(1);
  }
  return new Promise((resolve) => {
    const child = spawn(executable, args, { stdio: "inherit" });
    child.on("error", (error) => {
      process.stderr.write(`claude-agent-acp: ${error.message}\n`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
