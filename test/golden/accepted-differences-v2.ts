import type { AcceptedDifference } from "../support/golden-accepted.js";
import { commands, MCP_PROMPT_TIMING } from "./accepted-differences-v2-commands.js";

/**
 * The differences between our ACP v2 traffic and the published upstream adapter's v2
 * surface (`@agentclientprotocol/claude-agent-acp` 0.101.0, seed 004) that
 * `test/scenarios/upstream-golden-v2.test.ts` accepts (issue 31). Kept apart from the v1
 * list (`accepted-differences.ts`), under the same rules (`test/support/golden-accepted.ts`):
 * one entry per cause, each key naming one message (one tool call, or one update kind in
 * one turn: `@"<prompt>"`, `@<method>`) and one field; `*` only for the rest of one field;
 * a permission request or a client answer on one side only always fails, and so does a key
 * that matches nothing (but for entries marked `timing`). Entries under "Not matched yet"
 * are differences found here and left for a follow-up, not choices: each says what
 * upstream does.
 */

export const ACCEPTED_V2_DIFFERENCES: readonly AcceptedDifference[] = [
  {
    keys: ["← initialize result info.name | value", "← initialize result info.version | value"],
    reason: "identity: each adapter names itself",
  },
  {
    keys: [
      "← initialize result capabilities.quota | only ours",
      "← initialize result capabilities.auth.status | only ours",
      "← initialize result capabilities.session.status | only ours",
      "← initialize result capabilities.session.title | only ours",
      "← initialize result capabilities.session.archive | only ours",
      "← session/list result sessions[0].archived | only ours",
    ],
    reason:
      "issue 33, as on v1: account quota (the quotas RFD) and the standard unstable methods " +
      "(session/status, set_title, archive, auth/status), which upstream does not offer; " +
      "an agent that advertises archive reports `archived` on every listed session",
  },
  {
    keys: [
      '← session/update agent_message_chunk @"busy" update.content.text | value',
      '← session/update state_update @"busy" update.error.message | value',
      "← session/update agent_message_chunk @session/resume update.content.text | value",
      '← session/update notice @"hello" update.description | value',
      '← session/update state_update @"who" update.error.message | value',
    ],
    reason:
      "spec, as on v1: every text that reaches the user is redacted (the scripted " +
      "endpoint's host in the 529 error, live and in the resume's replay, and in Claude " +
      "Code's auto mode warning), and an error keeps Claude Code's reason; upstream shows " +
      "Claude Code's text as is, and a bare `Authentication required`",
  },
  {
    keys: [
      ...commands("session/new", ["config"], "only upstream"),
      ...commands("session/resume", ["config"], "only upstream"),
      ...commands("session/fork", ["config"], "only upstream"),
      "← session/new result availableCommands[name=mcp].description | value",
      "← session/new result availableCommands[name=mcp].input.hint | value",
      "← session/resume result availableCommands[name=mcp].description | value",
      "← session/resume result availableCommands[name=mcp].input.hint | value",
      "← session/fork result availableCommands[name=mcp].description | value",
      "← session/fork result availableCommands[name=mcp].input.hint | value",
      "← session/update available_commands_update update.availableCommands[name=config]* | only upstream",
      "← session/update available_commands_update update.availableCommands[name=doctor]* | only ours",
      "← session/update available_commands_update update.availableCommands[name=reload-plugins]* | only ours",
      "← session/update available_commands_update update.availableCommands[name=mcp].description | value",
      "← session/update available_commands_update update.availableCommands[name=mcp].input.hint | value",
    ],
    reason:
      "features.md 1h, as on v1: ours drops Claude Code's terminal-bound commands (`color`, " +
      "`config`, `focus`) and offers the others it runs headless; its own `/mcp` also signs " +
      "in a server (`auth`)",
  },
  {
    keys: [
      ...commands("session/new", ["color", "focus"], "only upstream"),
      ...commands("session/resume", ["color", "focus"], "only upstream"),
      ...commands("session/fork", ["color", "focus"], "only upstream"),
      "← session/update available_commands_update update.availableCommands[name=color]* | only upstream",
      "← session/update available_commands_update update.availableCommands[name=focus]* | only upstream",
    ],
    reason:
      "features.md 1h: ours drops Claude Code's terminal-bound commands; measured timing, " +
      "as on v1: Claude Code lists `color` and `focus` in some runs only (the update " +
      "upstream pairs with ours is not always the same: fresh-clone CI, 2026-12-07)",
    timing: true,
  },
  MCP_PROMPT_TIMING,
  {
    keys: [
      "← session/update available_commands_update | only ours",
      "← session/update available_commands_update | only upstream",
    ],
    reason:
      "features.md `available_commands_update`, as on v1: sent after session setup and " +
      "replay, and when Claude Code's commands change; upstream sends them during the first " +
      "prompt (twice) and after a resume's answer. A state update: how often it goes out is " +
      "timing (its content is compared field by field, above)",
  },
  {
    keys: [
      '← session/update terminal_update @"write it" update.capabilities | only ours',
      '← session/update terminal_update @"write it" update.capabilities.cancel | only ours',
      '← session/update terminal_update @"remove it" update.capabilities | only ours',
      '← session/update terminal_update @"remove it" update.capabilities.cancel | only ours',
      '← session/update terminal_update @"delegate" update.capabilities | only ours',
      '← session/update terminal_update @"delegate" update.capabilities.cancel | only ours',
      "← session/update tool_call_update toolu_bash update.capabilities | only ours",
      "← session/update tool_call_update toolu_bash update.capabilities.cancel | only ours",
      "← session/update tool_call_update toolu_denied update.capabilities | only ours",
      "← session/update tool_call_update toolu_denied update.capabilities.cancel | only ours",
      "← session/update tool_call_update toolu_child update.capabilities | only ours",
      "← session/update tool_call_update toolu_child update.capabilities.cancel | only ours",
      "← session/update subagent_update @session/resume update.capabilities.cancel | only ours",
    ],
    reason:
      "features.md v2 'Cancel one command': ours serves `tool_call/cancel` and " +
      "`terminal/cancel` (the v2 draft's methods) and advertises `capabilities.cancel` on " +
      "what they can stop (and clears it, `null`, when it ends); upstream serves neither",
  },
  {
    keys: [
      "← session/request_permission toolu_edit subject.toolCall.content[0].patch.text | value",
      "← session/request_permission toolu_write subject.toolCall.content[0].patch.text | value",
      "← session/update tool_call_update toolu_edit update.content[0].patch.text | value",
      "← session/update tool_call_update toolu_write update.content[0].patch.text | value",
    ],
    reason:
      "spec air-extensions.md `diffPatch` example (`diff --git a/workspace/src/App.ts " +
      "b/workspace/src/App.ts`, `--- a/…`, `+++ b/…`): ours writes the same Git patch with " +
      "Git's `a/` `b/` prefixes; upstream names both sides by the bare path. Measured: " +
      "`git apply --check` from `/` accepts both, so neither is wrong in effect",
  },
  {
    keys: [
      "← session/request_permission toolu_bash options[optionId=allow-with-updates].name | value",
      "← session/request_permission toolu_denied_fetch options[optionId=allow-with-updates].name | value",
      "← session/request_permission toolu_echo options[optionId=allow-with-updates].name | value",
      "← session/request_permission toolu_denied options[optionId=allow-with-updates].optionId | only ours",
      "← session/request_permission toolu_denied options[optionId=allow-with-updates].name | only ours",
      "← session/request_permission toolu_denied options[optionId=allow-with-updates].kind | only ours",
      '← session/update terminal_update @"remove it" update.output.data | value',
      "← session/update tool_call_update toolu_denied_fetch update.content[0].content.text | value",
      "← session/update tool_call_update toolu_denied_fetch update.content[1]* | only ours",
      "← session/update tool_call_update toolu_denied_fetch update.rawOutput | value",
    ],
    reason:
      'as on v1: spec Permission presentation, Options: "When a durable suggestion holds a ' +
      'command prefix, a path, a host, or another rule, the option name contains that value" ' +
      "(and ours offers the rule Claude Code suggests for every command); Tool call " +
      'contract: "Every other client gets one display copy of that input in `content`" (the ' +
      'fetch keeps its prompt first) and Claude tools and ACP fields: "`rawOutput` repeats ' +
      "the raw `tool_result`\" (Claude Code's refusal text, the refused command's terminal " +
      "output too), where upstream writes a text of its own",
  },
  {
    keys: ["← session/update tool_call_update toolu_read update.content[0].content.text | value"],
    reason:
      "spec Claude tools and ACP fields, as on v1: a read shows the file text; upstream " +
      "keeps Claude Code's line-number prefixes",
  },
  {
    keys: [
      '← session/update session_info_update @"hello" | only ours',
      '← session/update session_info_update @"hello" | only upstream',
      '← session/update session_info_update @"/greet the team" | only ours',
      '← session/update session_info_update @"/greet the team" | only upstream',
      '← session/update session_info_update @"busy" | only upstream',
      "← session/update session_info_update @session/resume | only upstream",
      "← session/list result sessions[0].title | value",
    ],
    reason:
      "features.md Session titles, as on v1: ours titles a session from its first prompt at " +
      "the end of the first turn that reaches Claude; upstream sends Claude Code's generated " +
      "title when it arrives, a turn later, again after a failed turn and in a resume's " +
      "replay, and lists the last prompt. The comparison waits for each of upstream's " +
      "titles in the turn that asks for it (`titled`), so each lands in that turn",
  },
  {
    keys: [
      "← session/update usage_update @session/cancel | only upstream",
      "← session/update usage_update @session/cancel | only ours",
      "← session/update state_update @session/cancel | only ours",
      "← session/update state_update @session/cancel | only upstream",
      "← session/update state_update @session/cancel update.usage* | only ours",
      "← session/update state_update @session/cancel update._meta.quota* | only ours",
      "← session/update state_update @session/cancel update._meta.quota.model_usage | only upstream",
    ],
    reason:
      "features.md `session/prompt` (its usage, a cancelled turn too; issue 22), as on v1: " +
      "ours ends a cancelled turn with what it was seen to spend (and " +
      "the account quota, issue 33); upstream reports the interrupted call's usage when it " +
      "comes, after its idle. Measured timing: whether a call of the interrupted turn is " +
      "reported before the idle varies from run to run (and with it, which idle the " +
      "comparison pairs with ours)",
    timing: true,
  },
  {
    keys: [
      '← session/update usage_update @"write it" | only ours',
      '← session/update usage_update @"write it" | only upstream',
      '← session/update usage_update @"fetch it" | only ours',
      '← session/update usage_update @"fetch it" | only upstream',
      '← session/update usage_update @"echo" | only ours',
      '← session/update usage_update @"echo" | only upstream',
      '← session/update usage_update @"delegate" | only ours',
      '← session/update usage_update @"delegate" | only upstream',
      '← session/update state_update @"fetch it" | only ours',
      '← session/update state_update @"fetch it" | only upstream',
      '← session/update state_update @"echo" | only ours',
      '← session/update state_update @"echo" | only upstream',
    ],
    reason:
      "measured timing: each adapter reports a model call's usage when Claude Code's " +
      "message reaches it; whether that is before or after the permission request and the " +
      "`running` of the tool's turn varies (the same reports, in another order, and with " +
      "them which `running` the comparison pairs with ours)",
    timing: true,
  },
  {
    keys: [
      "← session/update tool_call_update toolu_echo | only ours",
      "← session/update tool_call_update toolu_echo update.rawInput | only ours",
      "← session/update tool_call_update toolu_echo update.rawInput.text | only upstream",
    ],
    reason:
      "measured timing: in some runs ours reports the MCP tool call once more while its " +
      "input streams (`rawInput: {}`), and the comparison pairs that report with " +
      "upstream's report of the full input",
    timing: true,
  },
  {
    keys: [
      "← session/update tool_call_update toolu_write update.content[0].type | only ours",
      "← session/update tool_call_update toolu_write update.content[0].changes[0]* | only ours",
      "← session/update tool_call_update toolu_write update.rawInput.content | only ours",
      "← session/update tool_call_update toolu_write | only upstream",
      "← session/update tool_call_update toolu_edit | only ours",
    ],
    reason:
      "timing, as on v1: ours sends a file tool's diff as soon as its input streams and the " +
      "final one after Claude Code's PostToolUse; upstream sends the streamed input and the " +
      "diff in other updates",
  },
  {
    keys: [
      "← session/update tool_call_update toolu_bash update.content[0].type | only ours",
      "← session/update tool_call_update toolu_bash update.content[0].terminalId | only ours",
      "← session/update tool_call_update toolu_denied update.content[0].type | only ours",
      "← session/update tool_call_update toolu_denied update.content[0].terminalId | only ours",
      "← session/update tool_call_update toolu_child update.content[0].type | only ours",
      "← session/update tool_call_update toolu_child update.content[0].terminalId | only ours",
    ],
    reason:
      "spec Zed conventions, as on v1: a command's final report repeats its terminal " +
      "content (`{type: terminal}`); upstream's leaves it out",
  },
  {
    keys: [
      "← session/update tool_call_update toolu_child update._meta.claudeCode.parentToolUseId | only ours",
    ],
    reason:
      "seed 004 'A report that carried only the output is dropped': v2 replaces a tool " +
      "call's stored `_meta` with each report's, so ours repeats the subagent stamp on every " +
      "report of a child's call; upstream on its first only",
  },
  {
    keys: [
      '← session/update session_message @"delegate" update.messageId | value',
      '← session/update session_message @"delegate" update.senderMessageId | value',
      '← session/update session_message @"delegate" update.recipientMessageId | value',
      '← session/update session_message @"delegate" update.recipientSessionId | value',
      '← session/update session_message @"delegate" | only ours',
      '← session/update session_message @"delegate" | only upstream',
      "← session/update session_message @session/resume update.messageId | value",
      "← session/update session_message @session/resume update.senderMessageId | value",
      "← session/update session_message @session/resume update.recipientMessageId | value",
      "← session/update session_message @session/resume update.recipientMessageId | only ours",
      "← session/update session_message @session/resume update.recipientSessionId | value",
      "← session/update session_message @session/resume update.senderSessionId | value",
      "← session/update session_message @session/resume update.content[0].text | value",
      "← session/update session_message @session/resume | only ours",
    ],
    reason:
      "spec Native subagent sessions (features.md 'Follow subagents'): ours names the child " +
      "`subagent-<id>` and each view of a linked message by its own id, and the answer is " +
      "the child's report without Claude Code's notes for the model; upstream names the " +
      "child by the agent id, both views by the tool call id, and keeps the notes",
  },
  {
    keys: [
      "← session/update subagent_update @session/resume update.state.background | only ours",
      "← session/update state_update @session/resume update.background | only ours",
    ],
    reason:
      "upstream bug, measured: its live child states carry `background: []`, its " +
      "`session/resume` replay's do not (the parent's `subagent_update` and the child's " +
      "own `state_update` at the replay's end). The v2 schema's `StateUpdate` variants " +
      '(`background`): "An Agent that reports background work MUST include it on every ' +
      'state update for the session" (omitted means "not reporting background work, ' +
      'not that nothing is running"); ours sends the list on every state',
  },
  {
    keys: [
      '← session/update subagent_update @"again" | only upstream',
      '← session/update subagent_update @"again" | only ours',
      "← session/update subagent_update @session/resume | only upstream",
      "← session/update subagent_update @session/resume | only ours",
    ],
    reason:
      "measured timing: both adapters repeat a resumed session's child state on the " +
      "parent once the resume's answer is written (a timer); whether the client's next " +
      "prompt is read before it varies from run to run (and with it, the turn the " +
      "comparison files it under)",
    timing: true,
  },
  {
    keys: ['← session/update state_update @"two" | only upstream'],
    reason:
      "features.md v2 'Queue prompts' and measured upstream behaviour: two prompts sent at " +
      "once run in one `running` stretch on ours (the second is held, then inserted), where " +
      "upstream goes `idle` between them",
  },
  {
    keys: [
      "← session/update config_option_update | only ours",
      "← session/update config_option_update | only upstream",
    ],
    reason:
      "measured timing: after a resume's replay, both give the replayed child its model by " +
      "the session's model list at the next prompt; upstream as the prompt arrives, ours " +
      "when its turn starts, which is later when the resumed Claude Code is still starting " +
      "(the same update, before or after the prompt's `user_message` and answer)",
    timing: true,
  },
];
