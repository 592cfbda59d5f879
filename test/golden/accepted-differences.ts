import type { AcceptedDifference } from "../support/golden.js";

/**
 * The differences between our traffic and the published upstream adapter's
 * (`@agentclientprotocol/claude-agent-acp` 0.101.0) that `test/scenarios/upstream-golden.test.ts`
 * accepts, for a plain client and a Zed-like client (issue 22; spec air-extensions.md
 * "Compatibility rule"). One entry per cause: a spec rule, a timing, or a product
 * decision; its keys are the differences that cause makes. A key is
 * `<message label> <field path> | <only ours | only upstream | value>` or
 * `<message label> | <only ours | only upstream>` for a whole message; `*` matches any
 * text. Every other difference fails the test.
 */
export const ACCEPTED_DIFFERENCES: readonly AcceptedDifference[] = [
  {
    keys: [
      "← initialize result agentCapabilities.quota | only ours",
      "← initialize result agentCapabilities.auth.status | only ours",
      "← initialize result agentCapabilities.sessionCapabilities.status | only ours",
      "← initialize result agentCapabilities.sessionCapabilities.title | only ours",
      "← initialize result agentCapabilities.sessionCapabilities.archive | only ours",
      "← session/list result sessions[*].archived | only ours",
    ],
    reason:
      "issue 33: account quota (the quotas RFD) and the standard unstable methods " +
      "(session/status, set_title, archive, auth/status), which upstream does not offer; " +
      "an agent that advertises archive reports `archived` on every listed session",
  },
  {
    keys: ["← initialize result agentCapabilities.sessionCapabilities.subagents | only ours"],
    reason:
      "spec: every client is told that subagents can be native child sessions (subagents RFD, " +
      'air-extensions.md "Native subagent sessions"); only a client that declares them gets any',
  },
  {
    keys: [
      "← session/update tool_call_update toolu_agent* update.content[*",
      "← session/update tool_call_update toolu_agent* update.rawOutput[0].text | value",
    ],
    reason:
      "spec Claude tools and ACP fields: a subagent call shows its prompt, then its report " +
      "(its hand-back names the run); upstream shows the result's first block (Claude " +
      "Code's `<tools-used-before-summary>` note) as the report",
  },
  {
    keys: [
      "← session/update agent_message_chunk (subagent toolu_agent) | only ours",
      "← session/update agent_message_chunk (subagent toolu_agent) (replay) | only ours",
      "← session/update tool_call toolu_child (replay) | only ours",
      "← session/update tool_call_update toolu_child (replay) | only ours",
    ],
    reason:
      'spec Claude tools and ACP fields: "The streamed text of a subagent goes out on the ' +
      "root session\" (upstream 0.101.0 sends none); a load replays the child's text and " +
      "tool calls on the root as they went out live (issue 31), where upstream's load " +
      "replays neither",
  },
  {
    keys: ["← session/update tool_call_update toolu_child | only upstream"],
    reason:
      "Claude Code gives no structured result (`tool_use_result`) for a subagent's tool " +
      "call; upstream's PostToolUse hook runs for every tool and sends it as an update of " +
      "its own, ours runs for the file tools only (a hook costs every tool call a round " +
      "trip, c27c125), so a child's command has no `claudeCode.toolResponse`",
  },
  {
    keys: [
      "← session/update tool_call_update toolu_read update.content[0].* | *",
      "← session/update tool_call_update toolu_bash update.content[0].* | only ours",
    ],
    reason:
      "spec Claude tools and ACP fields: a read shows the file text (upstream: with Claude " +
      "Code's line-number prefixes); a command's final update repeats " +
      "`content: [{type: terminal}]`",
  },
  {
    keys: [
      "← session/update tool_call_update toolu_bash update._meta.terminal_output.* | only *",
      "← session/update tool_call_update toolu_bash | only upstream",
      "← session/update tool_call_update toolu_denied update._meta.terminal_output.* | *",
      "← session/update tool_call_update toolu_denied | only upstream",
    ],
    reason:
      "spec Zed conventions: a command's output travels in its final update, with the exit; " +
      "upstream sends it in an update of its own",
  },
  {
    keys: [
      "← session/request_permission toolu_* toolCall._meta.claudeCode.toolName | only ours",
      "← session/request_permission toolu_* toolCall._meta.terminal_info.* | only ours",
      "← session/update tool_call_update toolu_* update._meta.* | only ours",
      "← session/update tool_call_update toolu_* (replay) | only ours",
    ],
    reason:
      "spec Compatibility rule: a client that is not AIR gets every `_meta` key on every " +
      "update and in the permission request, and a load replays a tool's full response as " +
      "it went live; upstream repeats fewer",
  },
  {
    keys: [
      "← session/update tool_call_update toolu_* | only ours",
      "← session/update tool_call_update toolu_edit update.rawInput.replace_all | only upstream",
    ],
    reason:
      "timing: ours sends a tool's full response (Claude Code's PostToolUse) before the " +
      "completion always, upstream only when the hook answers before the result; ours " +
      "sends an edit's snippet diff as soon as `new_string` streams, and the complete " +
      "input (with the `replace_all` Claude Code adds) in the next update, upstream both " +
      "at once with the complete input",
  },
  {
    keys: [
      "← session/update tool_call toolu_* update.rawInput* | only *",
      "← session/update tool_call toolu_* update.content* | only *",
      "← session/update tool_call toolu_* update.title | value",
      "← session/request_permission toolu_* | only *",
      "← session/update tool_call_update toolu_* update.title | only ours",
      "→ session/request_permission result | only *",
    ],
    reason:
      "timing: when Claude Code's permission request reaches upstream before the streamed " +
      "input, upstream sends the tool call whole (with its title), then the request, then " +
      "the streamed input again; ours sends the streamed input as it comes (a pending title " +
      "first), then the request. The client's " +
      "answer and the usage report of the call that asked cross",
  },
  {
    keys: [
      "← session/request_permission toolu_* options[optionId=allow-with-updates].* | *",
      "← session/update tool_call_update toolu_denied* update.content[*",
      "← session/update tool_call_update toolu_denied* update.rawOutput | value",
    ],
    reason:
      "product (spec Permission presentation): our option names say where a rule is saved, " +
      "and ours offers the rule Claude Code suggests for every command; a refused tool " +
      "shows Claude Code's own refusal text (what Claude reads) after the input's display " +
      "copy, where upstream replaces the content with a text of its own",
  },
  {
    keys: [
      "← session/update usage_update | only *",
      "← session/prompt result *usage.* | only *",
      "← session/prompt result _meta.quota.* | only *",
    ],
    reason:
      "timing of a cancel: ours answers a cancelled prompt with what the turn was seen to " +
      "spend (issue 22), and nothing of the turn after it (the session is quiet after a " +
      "cancel, so a call of the interrupted turn may or may not be reported before the " +
      "answer); upstream reports the interrupted turn's calls and its `result` when they " +
      "come. Every other turn's usage reports agree (their counts are normalised), a " +
      "process's first turn included",
  },
  {
    keys: [
      "← session/update session_info_update | only *",
      "← session/update session_info_update update.title | value",
      "← session/list result sessions[0].title | value",
    ],
    reason:
      "product: ours titles a session from its first prompt at the end of the first turn " +
      "(and lists Claude Code's title, else that); upstream waits for Claude Code's " +
      "generated title, which arrives during a later turn, and lists its summary",
  },
  {
    keys: [
      "← session/update available_commands_update* | only *",
      "← session/update available_commands_update update.availableCommands[name=*]*",
    ],
    reason:
      "product: ours sends the commands right after `session/new` (upstream during the first " +
      "prompt, twice), leaves out Claude Code's terminal-only commands (color, config, " +
      "focus…), omits `input: null`, and has its own `/mcp` and `/remote-control` first",
  },
  {
    keys: [
      "← session/*configOptions[id=model].options[value=default].description | value",
      "← session/*configOptions[id=*].description | value",
    ],
    reason:
      "product: ours keeps Claude Code's description of the default model (its name and " +
      "price); upstream shortens it to the family name",
  },
  {
    keys: [
      "← session/update agent_message_chunk* update.content.text | value",
      "← session/prompt error message | value",
    ],
    reason:
      "spec: every error text that reaches the user is redacted (an internal host, a key); " +
      "upstream shows Claude Code's text as is",
  },
  {
    keys: ["← session/* result sessionId | only upstream"],
    reason:
      "upstream repeats the session id in the answer of `session/load` and `session/resume`, " +
      "a field ACP does not define there",
  },
];
