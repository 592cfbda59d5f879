import type { AcceptedDifference } from "../support/golden-accepted.js";
import { MCP_PROMPT_TIMING } from "./accepted-differences-v2-commands.js";

/**
 * The accepted differences (`accepted-differences.ts`) of the session's setup and methods:
 * capabilities, configuration, the slash commands, loads and titles.
 */
export const SESSION_DIFFERENCES: readonly AcceptedDifference[] = [
  {
    keys: [
      "← initialize result agentCapabilities.quota | only ours",
      "← initialize result agentCapabilities.auth.status | only ours",
      "← initialize result agentCapabilities.sessionCapabilities.status | only ours",
      "← initialize result agentCapabilities.sessionCapabilities.title | only ours",
      "← initialize result agentCapabilities.sessionCapabilities.archive | only ours",
      "← session/list result sessions[0].archived | only ours",
    ],
    reason:
      "issue 33: account quota (the quotas RFD) and the standard unstable methods " +
      "(session/status, set_title, archive, auth/status), which upstream does not offer; " +
      "an agent that advertises archive reports `archived` on every listed session (the " +
      "conversation lists one)",
  },
  {
    keys: [
      "← initialize result agentCapabilities.rewindSession.supported | only ours",
      "← initialize result agentCapabilities.rewindSession.supportsEditPrompt | only ours",
      "← initialize result agentCapabilities.sessionCapabilities.fork.atMessageId | only ours",
      "← initialize result agentCapabilities.sessionCapabilities.fork | only upstream",
    ],
    reason:
      "issue 33: rewind, edit a sent prompt (`rewindSession {supported, supportsEditPrompt}`, " +
      "the session-rewind RFD) and fork at a message (the session-fork-at-message RFD), " +
      "which upstream does not offer: upstream advertises `fork: {}`, ours " +
      "`fork: {atMessageId: true}` (so the empty object is upstream's only)",
  },
  {
    keys: [
      "← session/load result modes.currentModeId | value",
      "← session/load result configOptions[id=mode].currentValue | value",
    ],
    reason:
      "features.md `session/load`/`session/resume`, no seed line: the permission mode is " +
      "restored from the transcript's tail (the mode of the last prompt, so `plan` after a " +
      "plan approved in that turn); upstream starts a loaded session in the settings' mode",
  },
  {
    keys: [
      "← session/load result sessionId | only upstream",
      "← session/resume result sessionId | only upstream",
    ],
    reason:
      "upstream repeats the session id in the answer of `session/load` and " +
      "`session/resume`, a field the ACP schema does not define there (`LoadSessionResponse` " +
      "and `ResumeSessionResponse`: `modes`, `configOptions`, `_meta`); spec Compatibility " +
      'rule: a client that is not AIR gets "the standard ACP fields with the upstream values"',
  },
  {
    keys: [
      "← session/update available_commands_update | only ours",
      "← session/update available_commands_update | only upstream",
    ],
    reason:
      "features.md `available_commands_update`: sent after session setup and replay, and " +
      "when Claude Code's commands change; upstream sends them during the first prompt " +
      "(twice) and after a load's answer. A state update: how often it goes out is timing " +
      "(its content is compared field by field, below)",
  },
  {
    keys: [
      "← session/update available_commands_update update.availableCommands[name=config]* | only upstream",
      "← session/update available_commands_update update.availableCommands[name=doctor]* | only ours",
      "← session/update available_commands_update update.availableCommands[name=reload-plugins]* | only ours",
      "← session/update available_commands_update update.availableCommands[name=mcp].description | value",
      "← session/update available_commands_update update.availableCommands[name=mcp].input.hint | value",
      '← session/update agent_message_chunk @"/mcp" update.content.text | value',
      '← session/update agent_message_chunk @"/mcp" update.messageId | only upstream',
    ],
    reason:
      "features.md 1h: ours drops Claude Code's terminal-bound commands (`color`, `config`, " +
      "`focus`) and offers the others it runs headless; its own `/mcp` also signs in a " +
      "server (`auth`) and answers with its own text, without a message id",
  },
  {
    keys: [
      "← session/update available_commands_update update.availableCommands[name=color]* | only upstream",
      "← session/update available_commands_update update.availableCommands[name=focus]* | only upstream",
    ],
    reason:
      "features.md 1h: ours drops Claude Code's terminal-bound commands; measured timing: " +
      "Claude Code lists `color` and `focus` in some runs only (the update upstream pairs " +
      "with ours is not always the same)",
    timing: true,
  },
  MCP_PROMPT_TIMING,
  {
    keys: [
      '← session/update session_info_update @"wait" | only upstream',
      '← session/update session_info_update @"delegate the write" | only upstream',
    ],
    reason:
      "features.md Session titles, as below; measured timing: after a `/mcp` that titled " +
      "the session by the prompt, upstream's next titles race inside upstream (the `wait` " +
      "prompt as a fallback when its turn ends, in some runs only, and the generated title " +
      "of the next prompt's model call), which no message the client sees orders",
    timing: true,
  },
  {
    keys: [
      '← session/update session_info_update @"hello" | only ours',
      '← session/update session_info_update @"hello" | only upstream',
      '← session/update session_info_update @"/greet the team" | only ours',
      '← session/update session_info_update @"/greet the team" | only upstream',
      '← session/update session_info_update @"busy" | only upstream',
      '← session/update session_info_update @"again" | only upstream',
      '← session/update session_info_update @"/mcp" | only upstream',
      '← session/update session_info_update @"wait" | only ours',
      "← session/list result sessions[0].title | value",
    ],
    reason:
      "features.md Session titles (one generated title per session): ours titles a session " +
      "from its first prompt at the end of the first turn that reaches Claude, before the " +
      "turn's answer (and lists Claude Code's title, else that); upstream sends Claude " +
      "Code's generated title (or the prompt) after the answer, once its own model call " +
      "ends, again after a failed turn (by its prompt), for a fork when its first turn " +
      "ends, and lists the last prompt. The comparison waits for each of upstream's titles " +
      "in the turn that asks for it (`titled`), so each lands in that turn",
  },
];
