/**
 * The package's programmatic entry point, for hosts that embed the adapter instead of
 * starting its bin: serve ACP over streams of your own.
 *
 * ```ts
 * import { ClaudeAcpAgent } from "claude-agent-acp";
 * const agent = new ClaudeAcpAgent();
 * const connection = agent.serve({ input: socket, output: socket });
 * await connection.closed;
 * ```
 */
import type { AgentOptions } from "./agent/agent-options.js";
import { serveAcp, type AcpConnection, type AcpStreams } from "./run.js";

export type { AgentOptions } from "./agent/agent-options.js";
export type { AcpConnection, AcpStreams } from "./run.js";
export { runAcp, serveAcp } from "./run.js";
export { PACKAGE_VERSION } from "./util/version.js";

/**
 * The ACP agent that runs Claude through the Claude Agent SDK. Each `serve` is one
 * client connection with its own sessions; each session runs a Claude Code process.
 */
export class ClaudeAcpAgent {
  constructor(readonly options: AgentOptions = {}) {}

  /** Serves one ACP connection over `streams` (NDJSON); see `AcpConnection`. */
  serve(streams: AcpStreams): AcpConnection {
    return serveAcp(streams, this.options);
  }
}
