import { applyManagedEnv } from "./sdk/managed-env.js";
import { Readable, type Writable } from "node:stream";
import { ndJsonStream } from "@agentclientprotocol/sdk/unstable";
import { AcpAgent } from "./agent/acp-agent.js";
import type { AgentOptions } from "./agent/agent-options.js";
import { createAgentApp } from "./protocol/agent-app.js";
import { initializeGuard } from "./protocol/initialize-guard.js";
import { serveFirstMessage } from "./protocol/protocol-front.js";
import type { ProtocolChoice } from "./protocol/protocol-choice.js";
import { StdoutLines } from "./protocol/stdout-messages.js";
import { endClaudeProcesses, killAllClaudeProcesses } from "./sdk/claude-process.js";
import { log } from "./util/log.js";

/** The byte streams one ACP connection runs over (NDJSON in both directions). */
export interface AcpStreams {
  /** What the client sends (the adapter's stdin, for the bin). */
  readonly input: Readable;
  /** Where the adapter's messages go (its stdout, for the bin). */
  readonly output: Writable;
}

/** One served connection. */
export interface AcpConnection {
  /** Settles when the client closed the connection (its input ended). */
  readonly closed: Promise<void>;
  /**
   * Ends every session of this connection (once) and flushes what is queued for the
   * client; their Claude Code processes get the sessions' abort.
   */
  close(): void;
}

/** How a host serves ACP: the agent's options and the protocol versions it serves. */
export interface ServeOptions extends AgentOptions {
  /** `CLAUDE_AGENT_ACP_PROTOCOL` (see `protocol/protocol-choice.ts`); default `auto`. */
  readonly protocol?: ProtocolChoice;
}

/**
 * Serves ACP over `streams` until the client closes them. Sessions run Claude Code
 * processes of their own; `close()` (or the end of the input) ends those sessions.
 * The client's `initialize` picks the version: v1, or the draft v2 for a client that
 * asks for 2 or later (unless `options.protocol` limits it to one).
 */
export function serveAcp(streams: AcpStreams, options: ServeOptions = {}): AcpConnection {
  const service = new AcpAgent(options);
  const input = Readable.toWeb(streams.input) as ReadableStream<Uint8Array>;
  // The SDK's NDJSON stream reads the input (parse errors, size limits); the writing side
  // is batched per event-loop turn (see StdoutLines).
  const output = new StdoutLines(streams.output);
  const { readable } = ndJsonStream(output.bytes(), input);
  const writeLines = (text: string): Promise<void> => output.push(text);
  // The version router (and the draft v2 schemas it imports) loads only for a client
  // that is not a plain v1 one (protocol-front.ts); a v1 client is served by the v1 app.
  const router = async () => {
    const [{ agentProtocolRouter }, { createAgentAppV2 }] = await Promise.all([
      import("@agentclientprotocol/sdk/experimental/v2/unstable"),
      import("./protocol/v2/agent-app-v2.js"),
    ]);
    const routed = agentProtocolRouter();
    if (options.protocol !== "v2") routed.withV1(createAgentApp(service, writeLines));
    if (options.protocol !== "v1") routed.withV2(createAgentAppV2(service, writeLines));
    return routed;
  };
  const v1 = () => createAgentApp(service, writeLines);
  const connection = serveFirstMessage(
    {
      readable: readable.pipeThrough(
        initializeGuard(
          (message) => output.pushMessage(message),
          (capabilities) => service.capabilitiesSent(capabilities),
          (id) => output.answered(id),
        ),
      ),
      writable: output.messages(),
    },
    options.protocol === "v2" ? undefined : v1,
    router,
  );
  let sessionsClosed = false;
  const close = (): void => {
    if (!sessionsClosed) service.closeAll();
    sessionsClosed = true;
    output.flush();
  };
  return { closed: connection.closed.then(close), close };
}

/**
 * Serves ACP on this process's stdin/stdout until the client goes away or a signal
 * arrives; then ends every session and every Claude Code process before exiting.
 */
export function runAcp(options: ServeOptions = {}): void {
  // stdout is the protocol: anything that logs (a dependency too) goes to stderr.
  Object.assign(console, { log: console.error, info: console.error, debug: console.error });

  // The organization's policy environment, before any Claude Code starts (sessions wait).
  void applyManagedEnv();
  const connection = serveAcp({ input: process.stdin, output: process.stdout }, options);

  let exiting = false;
  const shutdown = (reason: string, code: number): void => {
    if (exiting) return;
    exiting = true;
    log.debug("shutting down", { reason });
    connection.close();
    const ended = endClaudeProcesses();
    const exit = (): void => {
      connection.close();
      killAllClaudeProcesses("SIGKILL");
      process.exit(code);
    };
    // Give Claude Code a moment to end its shells, then make sure nothing is left. Once
    // every Claude Code exited (and its shells were swept) there is nothing to wait for:
    // the adapter ends then, after one more turn of the event loop for the answers that
    // the sessions' end produced (a client restarting the adapter waits for its exit).
    setTimeout(exit, 500).unref();
    void ended.then(() => setImmediate(exit));
  };

  void connection.closed.then(() => shutdown("connection closed", 0));
  // A client that closed its end of stdout is gone as much as one that closed stdin: the
  // next write fails (EPIPE), and that must end the adapter as a closed stdin does.
  process.stdout.on("error", (error) => {
    log.debug("stdout closed", { message: String(error) });
    shutdown("stdout closed", 0);
  });
  process.on("SIGTERM", () => shutdown("SIGTERM", 143));
  process.on("SIGINT", () => shutdown("SIGINT", 130));
  process.on("SIGHUP", () => shutdown("SIGHUP", 129));
  process.on("unhandledRejection", (reason) => {
    log.error("unhandled rejection", { message: String(reason) });
  });
}
