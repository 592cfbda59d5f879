/**
 * The Zed conventions and the JetBrains shared keys that ride with them
 * (air-extensions.md "Zed conventions", "JetBrains shared keys"). Only this folder spells
 * them.
 */

/** Client flags in `clientCapabilities._meta`. */
export const ZED_CLIENT_FLAGS = {
  /** The terminal channel. */
  terminalOutput: "terminal_output",
  /** Appended terminal output (a JetBrains key); also enables the channel. */
  terminalOutputDelta: "terminal_output_delta",
  /** The terminal login command on the auth methods. */
  terminalAuth: "terminal-auth",
  /** The flat subagent transcript on the root session. */
  subagentTranscript: "subagent-transcript",
} as const;

/** Tool call `_meta` keys of the terminal channel. */
export const TERMINAL_INFO = "terminal_info";
export const TERMINAL_OUTPUT = "terminal_output";
export const TERMINAL_OUTPUT_DELTA = "terminal_output_delta";
export const TERMINAL_EXIT = "terminal_exit";

/** Auth method `_meta` key with the login command. */
export const TERMINAL_AUTH = "terminal-auth";

/** What `test/architecture.test.ts` looks for outside this folder. */
export const ZED_WIRE_STRINGS: readonly string[] = [
  ...Object.values(ZED_CLIENT_FLAGS),
  TERMINAL_INFO,
  TERMINAL_EXIT,
];
