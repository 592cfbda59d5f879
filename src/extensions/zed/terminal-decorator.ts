import type { ToolCallDecorator } from "../../translation/tool-calls/decorator.js";
import { TERMINAL_EXIT, TERMINAL_INFO, TERMINAL_OUTPUT, TERMINAL_OUTPUT_DELTA } from "./keys.js";

/**
 * The Zed terminal channel on a command's tool call (air-extensions.md "Zed
 * conventions"): `terminal_info` names the terminal, whose id is the tool use id; the
 * output travels in `terminal_output` (or `terminal_output_delta` for a client that
 * appends) and the end in `terminal_exit`. Claude reports a command once, when it ends,
 * so the output and the exit travel in one update. (`terminal`: the renderer puts the
 * standard `terminal` content block in place of the console output.)
 */
export function terminalDecorator(appends: boolean): ToolCallDecorator {
  const outputKey = appends ? TERMINAL_OUTPUT_DELTA : TERMINAL_OUTPUT;
  return {
    appendedKeys: [outputKey, TERMINAL_EXIT],
    terminal: true,
    decorate(meta, state, facts) {
      if (facts.command !== true) return;
      const terminalId = state.toolCallId;
      meta[TERMINAL_INFO] = { terminal_id: terminalId };
      const output = state.resultFacts?.commandOutput;
      if (!output) return;
      meta[outputKey] = { terminal_id: terminalId, data: output.output };
      // A command in the background has not ended (upstream sends no exit either).
      if (output.running) return;
      // A command that a permission decision refused never ran: it has no exit code.
      const exitCode = state.nonExecutionKind === undefined ? output.exitCode : null;
      meta[TERMINAL_EXIT] = { terminal_id: terminalId, exit_code: exitCode, signal: null };
    },
  };
}
