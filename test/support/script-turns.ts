import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Scenario, ScenarioOptions } from "./acp-harness.js";
import { eventually } from "./acp-harness.js";
import type { MessageTurn, ScriptedTurn } from "./model-server.js";
import { commandLine, processesWithEnv } from "./processes.js";

/** Claude Code runs every tool without asking (as root this needs IS_SANDBOX=1). */
export const BYPASS = {
  settings: { permissions: { defaultMode: "bypassPermissions" } },
  env: { IS_SANDBOX: "1" },
} satisfies ScenarioOptions;

/** A shell command that runs until it is killed. */
export const HANGING_COMMAND = "echo start; tail -f /dev/null";

/**
 * A shell command that waits until the test opens the gate `file` (relative: in the
 * session's folder, the workspace), then runs `then`: a job that must outlast an answer
 * ends when the test says (`openGate`), not after a sleep that costs its length every run
 * and that a loaded machine may outrun.
 */
export function gatedCommand(file: string, then = "echo done"): string {
  return `while [ ! -f ${file} ]; do sleep 0.05; done; ${then}`;
}

/** Lets a `gatedCommand` waiting on `file` go on. */
export function openGate(s: Scenario, file: string): void {
  writeFileSync(join(s.workspace, file), "");
}

/** A model turn that calls Bash with `command`. */
export function bashTurn(command: string, id?: string, description = "run"): ScriptedTurn {
  return {
    blocks: [
      { type: "tool_use", ...(id ? { id } : {}), name: "Bash", input: { command, description } },
    ],
  };
}

/** A model turn that calls one tool. */
export function toolTurn(id: string, name: string, input: object): MessageTurn {
  return { blocks: [{ type: "tool_use", id, name, input }] };
}

/** A model turn that only answers `text`. */
export function textTurn(text: string): MessageTurn {
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

/** What a scripted delegation says and does (`delegation`). */
export interface Delegation {
  readonly description: string;
  readonly prompt: string;
  readonly command: string;
  readonly commandDescription: string;
}

/**
 * A parent that delegates to a subagent (`toolu_agent`, in the foreground), the subagent's
 * two turns (text and a Bash call `toolu_child` running `command`, then its report), and
 * the parent's answer.
 */
export function delegation(d: Partial<Delegation> = {}): MessageTurn[] {
  const agent = {
    description: d.description ?? "Make a marker",
    prompt: d.prompt ?? "Create the marker file.",
    subagent_type: "general-purpose",
    run_in_background: false,
  };
  const command = {
    command: d.command ?? "touch marker.txt",
    description: d.commandDescription ?? "mark",
  };
  return [
    toolTurn("toolu_agent", "Agent", agent),
    {
      id: "msg_child_1",
      blocks: [
        { type: "text", text: "Child speaking." },
        ...toolTurn("toolu_child", "Bash", command).blocks,
      ],
    },
    { id: "msg_child_2", ...textTurn("Child report.") },
    { id: "msg_parent", ...textTurn("Parent done.") },
  ];
}

/** The golden comparisons' delegation: the subagent lists the files. */
export const SUBAGENT_SCRIPT: ScriptedTurn[] = delegation({
  description: "Explore the code",
  prompt: "List the files",
  command: "ls",
  commandDescription: "list",
});
