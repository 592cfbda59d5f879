import type { AcceptedDifference } from "../support/golden-accepted.js";

/**
 * The accepted differences (`accepted-differences.ts`) of commands (`Bash`): the terminal
 * channel, the output's update, a command in the background.
 */
export const TERMINAL_DIFFERENCES: readonly AcceptedDifference[] = [
  {
    keys: [
      "← session/request_permission toolu_bash toolCall._meta.terminal_info.terminal_id | only ours",
      "← session/request_permission toolu_denied toolCall._meta.terminal_info.terminal_id | only ours",
      "← session/update tool_call_update toolu_bash update._meta.terminal_info.terminal_id | only ours",
      "← session/update tool_call_update toolu_denied update._meta.terminal_info.terminal_id | only ours",
      "← session/update tool_call_update toolu_bg update._meta.terminal_info.terminal_id | only ours",
      "← session/update tool_call_update toolu_bg (replay) update._meta.terminal_info.terminal_id | only ours",
      "← session/update tool_call_update toolu_child update._meta.terminal_info.terminal_id | only ours",
    ],
    reason:
      'spec Compatibility rule: "A `tool_call_update` keeps every `_meta` key, also an ' +
      'unchanged one" (and the request repeats the whole tool call); upstream names the ' +
      "terminal in the first report only",
  },
  {
    keys: [
      "← session/update tool_call_update toolu_bash | only upstream",
      "← session/update tool_call_update toolu_bash update.content[0]* | only ours",
      "← session/update tool_call_update toolu_bash update._meta.terminal_output* | only ours",
      "← session/update tool_call_update toolu_child update.content[0]* | only ours",
      "← session/update tool_call_update toolu_child update._meta.terminal_output* | only ours",
      "← session/update tool_call_update toolu_denied | only upstream",
      "← session/update tool_call_update toolu_denied update.content[0].type | only ours",
      "← session/update tool_call_update toolu_denied update.content[0].terminalId | only ours",
      "← session/update tool_call_update toolu_denied update._meta.terminal_output* | only ours",
      "← session/update tool_call_update toolu_bg | only upstream",
      "← session/update tool_call_update toolu_bg update.content[0].terminalId | only ours",
      "← session/update tool_call_update toolu_bg update.status | only ours",
      "← session/update tool_call_update toolu_bg update._meta.claudeCode.toolName | only ours",
      "← session/update tool_call_update toolu_bg (replay) | only upstream",
      "← session/update tool_call_update toolu_bg (replay) update._meta.terminal_output* | only ours",
    ],
    reason:
      'spec Zed conventions: "Claude reports a command once, when it ends, so the output ' +
      'travels in one update"; the Bash row: "The final update repeats `content: [{type: ' +
      '"terminal"}]`". Upstream sends the output in an update of its own (without ' +
      "`claudeCode.toolName`), which pairs with ours' final update; a subagent's command " +
      "(`toolu_child`) the same",
  },
  {
    keys: [
      "← session/update tool_call_update toolu_bg update.content[0]* | only ours",
      "← session/update tool_call_update toolu_bg update.content[0]* | only upstream",
      "← session/update tool_call_update toolu_bg (replay) update._meta.terminal_exit* | only upstream",
    ],
    reason:
      'spec Tool call contract: "Every other client gets one display copy of that input in ' +
      '`content`" (a command\'s description; "A command with a terminal never gets a display ' +
      "copy\", so this is the plain client's): ours keeps it, also when the command goes to " +
      "the background (sent as the input streams, upstream with the complete input), then " +
      "its output; upstream drops it from a background command's final content. Upstream " +
      "bug, measured: its replay reports an exit (`terminal_exit`) for a command that had " +
      "not ended, which live it does not",
  },
];
