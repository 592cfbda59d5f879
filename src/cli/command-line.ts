/**
 * What the command line asks for. The bin takes a few flags of its own; everything after
 * `--cli` belongs to Claude Code.
 */
export type CommandLine =
  | { readonly kind: "serve"; readonly hideClaudeAuth: boolean }
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  /** `--cli <args>`: run Claude Code itself in this terminal (the terminal logins use it). */
  | { readonly kind: "claude"; readonly args: readonly string[] }
  | { readonly kind: "usage-error"; readonly message: string };

/** Reads `argv` (without node and the script). The first flag that decides wins. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  let hideClaudeAuth = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    switch (arg) {
      case "--cli":
        return { kind: "claude", args: argv.slice(i + 1) };
      case "--help":
      case "-h":
        return { kind: "help" };
      case "--version":
      case "-v":
        return { kind: "version" };
      case "--hide-claude-auth":
        hideClaudeAuth = true;
        break;
      default:
        return {
          kind: "usage-error",
          message: arg.startsWith("-")
            ? `unknown option ${JSON.stringify(arg)}`
            : `unexpected argument ${JSON.stringify(arg)}`,
        };
    }
  }
  return { kind: "serve", hideClaudeAuth };
}

/** `--help`: what the bin is and how to start it. */
export const USAGE = `Usage: claude-agent-acp [options]
       claude-agent-acp --cli [claude arguments...]

An Agent Client Protocol (ACP) agent that runs Claude through the Claude Agent SDK.
It speaks ACP (JSON-RPC) on stdin/stdout: an editor such as Zed or JetBrains AIR
starts it; see the README for the editor settings.

Options:
  --hide-claude-auth  do not offer the Claude subscription login; sessions must use an
                      API key, a Console login or a cloud provider
  --cli [args...]     run Claude Code itself with these arguments (e.g. --cli auth login)
  -v, --version       print the version and exit
  -h, --help          print this help and exit

Environment:
  CLAUDE_AGENT_ACP_DEBUG=1   debug lines on stderr
  CLAUDE_AGENT_LOGS=<dir>    also append the log lines to <dir>/agent.log
  CLAUDE_CODE_EXECUTABLE     the Claude Code binary to run (default: the SDK's own)
  ANTHROPIC_MODEL, MAX_THINKING_TOKENS, CLAUDE_CODE_THINKING_DISPLAY, CLAUDE_CONFIG_DIR
                             as for Claude Code (docs/features.md)
`;

/** Printed on stderr when a person starts the bin in a terminal (stdin is a TTY). */
export const TERMINAL_HINT =
  "claude-agent-acp speaks the Agent Client Protocol on stdin/stdout and waits for an ACP client (an editor such as Zed or JetBrains AIR); see --help, or run `npm run demo` in a checkout to watch it work. Ctrl-C quits.\n";
