import { Readable } from "node:stream";
import { ndJsonStream } from "@agentclientprotocol/sdk/unstable";
import { AcpAgent } from "./agent/acp-agent.js";
import { createAgentApp } from "./protocol/agent-app.js";
import { StdoutLines } from "./protocol/stdout-messages.js";
import { killAllClaudeProcesses } from "./sdk/claude-process.js";
import { log } from "./util/log.js";

/**
 * Serves ACP on this process's stdin/stdout until the client goes away or a signal
 * arrives; then ends every session and every Claude Code process before exiting.
 */
export function runAcp(): void {
  // stdout is the protocol: anything that logs (a dependency too) goes to stderr.
  Object.assign(console, { log: console.error, info: console.error, debug: console.error });

  const service = new AcpAgent();
  const input = Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>;
  // The SDK's NDJSON stream reads stdin (parse errors, size limits); the writing side is
  // batched per event-loop turn (see StdoutLines).
  const stdout = new StdoutLines(process.stdout);
  const { readable } = ndJsonStream(stdout.bytes(), input);
  const connection = createAgentApp(service, (text) => stdout.push(text)).connect({
    readable,
    writable: stdout.messages(),
  });

  let exiting = false;
  const shutdown = (reason: string, code: number): void => {
    if (exiting) return;
    exiting = true;
    log.debug("shutting down", { reason });
    service.closeAll();
    killAllClaudeProcesses("SIGTERM");
    // Give Claude Code a moment to end its shells, then make sure nothing is left.
    setTimeout(() => {
      stdout.flush();
      killAllClaudeProcesses("SIGKILL");
      process.exit(code);
    }, 500).unref();
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
