import type { SessionConfigOption, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import { redacted } from "../../util/user-text.js";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import { commandsUpdate, type ClaudeCommand } from "../../translation/commands.js";
import { signInNotice } from "../../translation/mcp-command.js";
import { log } from "../../util/log.js";
import type { McpSignIn } from "../mcp/sign-in.js";
import { noticeUpdate, type StartPlan } from "./session-start.js";
import type { StartState } from "./start-state.js";

/**
 * What the client learns right after the setup answer: the commands (unless Claude Code
 * did not start, so there are none to tell), and a start notice.
 */
function startAnnouncements(
  profile: ClientProfile,
  commands: readonly ClaudeCommand[] | undefined,
  plan: StartPlan,
): SessionUpdate[] {
  return [
    ...(commands ? [commandsUpdate(commands, profile)] : []),
    ...(plan.notice ? [noticeUpdate(profile, plan.notice)] : []),
  ];
}

/** A notice per MCP server that failed to start: reported, never fatal. */
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

/**
 * What the client can be told before Claude Code is up: the cached commands and the
 * start notice, when the session was answered with cached commands; else nothing yet.
 */
export function earlyAnnouncements(
  profile: ClientProfile,
  plan: StartPlan,
  state: StartState,
): SessionUpdate[] | undefined {
  return state.earlyCommands ? startAnnouncements(profile, state.earlyCommands, plan) : undefined;
}

/** A session whose Claude Code is up (or failed to start), as the client must learn it. */
export interface StartedSession {
  readonly profile: ClientProfile;
  readonly plan: StartPlan;
  readonly state: StartState;
  /** Claude Code's own commands and the options they give the session. */
  readonly commands: readonly ClaudeCommand[];
  readonly configOptions: SessionConfigOption[];
}

/**
 * What the client learns once Claude Code is up: after early announcements, only what
 * Claude Code offers differently from the cache; else its commands and the start notice.
 * A changed model list comes first either way.
 */
export function upAnnouncements(session: StartedSession, toldEarly: boolean): SessionUpdate[] {
  const { state } = session;
  const updates: SessionUpdate[] = [];
  if (state.stale) {
    updates.push({ sessionUpdate: "config_option_update", configOptions: session.configOptions });
  }
  if (!toldEarly) {
    const commands = state.failed ? undefined : session.commands;
    updates.push(...startAnnouncements(session.profile, commands, session.plan));
  } else if (state.staleCommands && !state.failed) {
    updates.push(commandsUpdate(session.commands, session.profile));
  }
  return updates;
}

/** What `announceStart` reads of its session, each when it is needed. */
export interface AnnouncingSession {
  readonly profile: ClientProfile;
  readonly state: StartState;
  /** Whether the client gave MCP servers (whose failures are worth a notice). */
  readonly hasMcpServers: boolean;
  /** The sign-in of the client's MCP servers that need one. */
  readonly mcpSignIn: McpSignIn;
  commands(): readonly ClaudeCommand[];
  configOptions(): SessionConfigOption[];
  query(): ClaudeQuery | undefined;
  announce(updates: readonly SessionUpdate[]): void;
}

/**
 * Tells the client what it needs once the session is set up: the commands, and notices
 * (a mode fallback, MCP servers that failed to start). Resolves once what can be told
 * now was handed over: at once when the commands came from the cache (what Claude Code
 * changes follows when it is up), else once Claude Code is up and all of it was.
 */
export async function announceStart(session: AnnouncingSession): Promise<void> {
  const { profile, state } = session;
  const plan = state.plan;
  const early = earlyAnnouncements(profile, plan, state);
  if (early) session.announce(early);
  const up = state.started.then(async () => {
    const started = {
      profile,
      plan,
      state,
      commands: session.commands(),
      configOptions: session.configOptions(),
    };
    session.announce(upAnnouncements(started, early !== undefined));
    const query = session.query();
    if (query && !state.failed && session.hasMcpServers) {
      // A client server that needs a sign-in: signed in, or a notice where it cannot be.
      session.mcpSignIn.atStart((names) =>
        session.announce(names.map((name) => noticeUpdate(profile, signInNotice(name)))),
      );
      session.announce(await mcpFailureNotices(query, profile));
    }
  });
  if (!early) await up;
}
