#!/usr/bin/env node
// First: V8 settings that must precede the rest of the code (see tiering.ts).
import "./util/tiering.js";
import { parseCommandLine, TERMINAL_HINT, USAGE } from "./cli/command-line.js";
import {
  BadProtocolChoice,
  parseProtocolChoice,
  PROTOCOL_ENV,
} from "./protocol/protocol-choice.js";
import { runAcp } from "./run.js";
import { PACKAGE_VERSION } from "./util/version.js";

const command = parseCommandLine(process.argv.slice(2));
// `--help` and `--version` print on stdout and exit, as command-line tools do: no ACP
// stream runs in those modes. Only `serve` hands stdout to the protocol (run.ts).
switch (command.kind) {
  case "help":
    process.stdout.write(USAGE);
    break;
  case "version":
    process.stdout.write(`${PACKAGE_VERSION}\n`);
    break;
  case "usage-error":
    process.stderr.write(`claude-agent-acp: ${command.message}\n\n${USAGE}`);
    process.exitCode = 2;
    break;
  case "claude":
    // Claude Code itself in this terminal (what the terminal login methods run). Not
    // awaited here: the bin's on-demand chunks import the chunk this module is bundled in,
    // so an `import()` awaited while it still evaluates would wait for itself (Node exits
    // 13, "unsettled top-level await"; scripts/bundle.mjs).
    void runCli(command.args);
    break;
  case "serve": {
    let protocol;
    try {
      protocol = parseProtocolChoice(process.env[PROTOCOL_ENV]);
    } catch (error) {
      if (!(error instanceof BadProtocolChoice)) throw error;
      process.stderr.write(`claude-agent-acp: ${error.message}\n`);
      process.exitCode = 2;
      break;
    }
    // A person, not an editor, started it: say what it is rather than wait silently.
    if (process.stdin.isTTY) process.stderr.write(TERMINAL_HINT);
    runAcp({ hideClaudeAuth: command.hideClaudeAuth, protocol });
    break;
  }
}

async function runCli(args: readonly string[]): Promise<never> {
  const { runClaudeCli } = await import("./sdk/claude-cli.js");
  process.exit(await runClaudeCli(args));
}
