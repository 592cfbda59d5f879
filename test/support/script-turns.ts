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

/**
 * A parent that delegates to a subagent (run in the foreground), the subagent's two
 * turns (text and a Bash call, then its report), and the parent's answer.
 */
export const SUBAGENT_SCRIPT: ScriptedTurn[] = [
  {
    blocks: [
      {
        type: "tool_use",
        id: "toolu_agent",
        name: "Agent",
        input: {
          description: "Explore the code",
          prompt: "List the files",
          subagent_type: "general-purpose",
          run_in_background: false,
        },
      },
    ],
  },
  {
    id: "msg_child_1",
    blocks: [
      { type: "text", text: "Child speaking." },
      {
        type: "tool_use",
        id: "toolu_child",
        name: "Bash",
        input: { command: "ls", description: "list" },
      },
    ],
  },
  { id: "msg_child_2", blocks: [{ type: "text", text: "Child report." }] },
  { id: "msg_parent", blocks: [{ type: "text", text: "Parent done." }] },
];
