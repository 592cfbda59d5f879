import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../protocol/client-profile.js";
import { redacted } from "../protocol/errors.js";
import type { ClaudeQuery } from "../sdk/claude-query.js";
import { commandsUpdate, type ClaudeCommand } from "../translation/commands.js";
import { log } from "../util/log.js";
import { noticeUpdate, type StartPlan } from "./session-start.js";

/**
 * What the client learns right after the setup answer: the commands (unless Claude Code
 * did not start, so there are none to tell), and a start notice.
 */
export function startAnnouncements(
  profile: ClientProfile,
  commands: readonly ClaudeCommand[] | undefined,
  plan: StartPlan,
): SessionUpdate[] {
  return [
    ...(commands ? [commandsUpdate(commands)] : []),
    ...(plan.notice ? [noticeUpdate(profile, plan.notice)] : []),
  ];
}

/** A notice per client MCP server that failed to start: reported, never fatal. */
export async function mcpFailureNotices(
  query: ClaudeQuery,
  profile: ClientProfile,
): Promise<SessionUpdate[]> {
  try {
    return (await query.mcpServerStatus())
      .filter((server) => server.status === "failed")
      .map((server) =>
        noticeUpdate(profile, {
          title: "MCP server unavailable",
          description: `MCP server "${server.name}" failed to start${server.error ? `: ${redacted(server.error)}` : "."}`,
        }),
      );
  } catch (error) {
    log.warn("could not read MCP server status", { message: String(error) });
    return [];
  }
}
