import type { AcceptedDifference } from "../support/golden-accepted.js";
import { SESSION_DIFFERENCES } from "./accepted-differences-session.js";
import { TURN_DIFFERENCES } from "./accepted-differences-turns.js";
import { TOOL_DIFFERENCES } from "./accepted-differences-tools.js";
import { TERMINAL_DIFFERENCES } from "./accepted-differences-terminal.js";
import { SUBAGENT_DIFFERENCES } from "./accepted-differences-subagents.js";

/**
 * The differences between our traffic and the published upstream adapter's
 * (`@agentclientprotocol/claude-agent-acp` 0.101.0) that `test/scenarios/upstream-golden.test.ts`
 * accepts, for a plain client and a Zed-like client (issues 22 and 31; spec
 * air-extensions.md "Compatibility rule"). One entry per cause: a spec line, or upstream's
 * measured behaviour; its keys are the differences that cause makes, each naming one
 * message (one tool call, or one update kind in one turn: `@"<prompt>"`, `@<method>`)
 * and one field. A key is `<message label> <field path> | <only ours | only upstream |
 * value>`, or `<message label> | <only ours | only upstream>` for a whole message; `*`
 * stands only for the rest of one field, or for every tool id when the entry says
 * `everyTool` (`test/support/golden-accepted.ts` rejects any other). A permission request
 * or a client answer on one side only always fails, and so does a key that matches
 * nothing (delete it: the difference went away). The entries stand in one file per
 * concept (`accepted-differences-<concept>.ts`).
 */
export const ACCEPTED_DIFFERENCES: readonly AcceptedDifference[] = [
  ...SESSION_DIFFERENCES,
  ...TURN_DIFFERENCES,
  ...TOOL_DIFFERENCES,
  ...TERMINAL_DIFFERENCES,
  ...SUBAGENT_DIFFERENCES,
];
