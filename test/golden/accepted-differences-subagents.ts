import type { AcceptedDifference } from "../support/golden-accepted.js";

/**
 * The accepted differences (`accepted-differences.ts`) of subagents (`Agent`): the
 * capability, a child's text and tool calls on the root, the report.
 */
export const SUBAGENT_DIFFERENCES: readonly AcceptedDifference[] = [
  {
    keys: ["← initialize result agentCapabilities.sessionCapabilities.subagents | only ours"],
    reason:
      'spec Native subagent sessions: "The agent advertises `nativeSubagentSessions` to ' +
      'AIR, and `agentCapabilities.sessionCapabilities.subagents` to every client" (the ' +
      "subagents RFD); only a client that declares them gets any",
  },
  {
    keys: [
      '← session/update agent_message_chunk (subagent toolu_agent) @"delegate" | only ours',
      "← session/update agent_message_chunk (subagent toolu_agent) (replay) @session/load | only ours",
      '← session/update agent_message_chunk (subagent toolu_agent_write) @"delegate the write" | only ours',
      "← session/update agent_message_chunk (subagent toolu_agent_write) (replay) @session/load | only ours",
      "← session/update tool_call toolu_child (replay) | only ours",
      "← session/update tool_call_update toolu_child (replay) | only ours",
      "← session/update tool_call toolu_child_write (replay) | only ours",
      "← session/update tool_call_update toolu_child_write (replay) | only ours",
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
      "call: both adapters' PostToolUse hooks send a child command's full response; " +
      "upstream sends it and the command's output in updates of their own, ours the " +
      "response in the hook's update and the output with the completion (spec Zed " +
      'conventions: "the output travels in one update"), so one of upstream\'s pairs with ' +
      "none",
  },
  {
    keys: [
      "← session/update tool_call_update toolu_agent update.content[0].content.text | value",
      "← session/update tool_call_update toolu_agent_write update.content[0].content.text | value",
      "← session/update tool_call_update toolu_agent (replay) update.content[0].content.text | value",
      "← session/update tool_call_update toolu_agent (replay) update.content[1]* | only ours",
      "← session/update tool_call_update toolu_agent_write (replay) update.content[0].content.text | value",
      "← session/update tool_call_update toolu_agent_write (replay) update.content[1]* | only ours",
    ],
    reason:
      'spec Claude tools and ACP fields, `Agent`/`Task`: "The report goes to `content` ' +
      'without the model-directed trailer", after the display copy of the prompt (Tool ' +
      "call contract: a subagent prompt gets one display copy in `content`); upstream shows " +
      "Claude Code's `<tools-used-before-summary>` note as the first block (merged with the " +
      "report in its replay)",
  },
];
