import type { Scenario, ScenarioOptions } from "./acp-harness.js";
import { eventually } from "./acp-harness.js";
import type { ScriptedTurn } from "./model-server.js";
import { commandLine, processesWithEnv } from "./processes.js";

/** Claude Code runs every tool without asking (as root this needs IS_SANDBOX=1). */
export const BYPASS = {
  settings: { permissions: { defaultMode: "bypassPermissions" } },
  env: { IS_SANDBOX: "1" },
} satisfies ScenarioOptions;

/** A shell command that runs until it is killed. */
export const HANGING_COMMAND = "echo start; tail -f /dev/null";

/** A model turn that calls Bash with `command`. */
export function bashTurn(command: string, id?: string, description = "run"): ScriptedTurn {
  return {
    blocks: [
      { type: "tool_use", ...(id ? { id } : {}), name: "Bash", input: { command, description } },
    ],
  };
}

/** A model turn that only answers `text`. */
export function textTurn(text: string): ScriptedTurn {
  return { blocks: [{ type: "text", text }] };
}

/** The processes of a scenario (Claude Code, its shells). */
export function scenarioProcesses(s: Scenario): number[] {
  return processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir);
}

/** Waits until a process of the scenario runs a command starting with `prefix`. */
export function shellRunning(s: Scenario, prefix = "tail"): Promise<void> {
  return eventually(
    "the shell command",
    () => scenarioProcesses(s).some((pid) => commandLine(pid).startsWith(prefix)),
    20_000,
  );
}

/** The scenario's Claude Code process. */
export function claudeProcess(s: Scenario): number | undefined {
  return scenarioProcesses(s).find((pid) => / --output-format stream-json /.test(commandLine(pid)));
}
