import type { ResultFacts, ToolResult } from "../facts.js";
import { record, str, type ToolReporter } from "../reporter.js";

/** `Exit code 3\n…` — how Claude Code prefixes the result of a failed command (0.3.318). */
const EXIT_CODE = /^(?:Error: )?Exit code (\d+)\n?/;

/** The command output and exit code of a finished Bash or PowerShell call. */
export function commandResult(result: ToolResult): ResultFacts {
  const structured = record(result.structured);
  // Sent to the background: Claude Code's result names the task and its output file, as
  // upstream shows it; the command has not ended.
  if (structured && str(structured.backgroundTaskId)) {
    return { commandOutput: { output: result.text, exitCode: null, running: true } };
  }
  if (structured && typeof structured.stdout === "string") {
    const stderr = str(structured.stderr) ?? "";
    const output = [structured.stdout, stderr]
      .filter(Boolean)
      .join(stderr && structured.stdout ? "\n" : "");
    return { commandOutput: { output, exitCode: result.isError ? 1 : 0 } };
  }
  const match = EXIT_CODE.exec(result.text);
  if (match) {
    return {
      commandOutput: { output: result.text.slice(match[0].length), exitCode: Number(match[1]) },
    };
  }
  return { commandOutput: { output: result.text, exitCode: result.isError ? 1 : 0 } };
}

/** Bash and PowerShell: `execute`, titled with the command itself. */
export const bashReporter: ToolReporter = {
  requires: ["command"],
  describe(input, toolName) {
    const command = str(input.command);
    const description = str(input.description);
    return {
      kind: "execute",
      title: command ?? toolName,
      command: true,
      ...(description ? { displayText: description } : {}),
    };
  },
  result: commandResult,
};
