/**
 * The v1 words v2 maps from: the Zed conventions of the terminal channel (tool call
 * `_meta`), the client flag that turns it on, and the terminal login on the auth methods.
 * v2's display terminals are built from them, so they are v2's words too (the zed folder
 * spells the same ones for v1 clients; both folders list them).
 */
export const V1_TERMINAL_META = {
  info: "terminal_info",
  output: "terminal_output",
  outputDelta: "terminal_output_delta",
  exit: "terminal_exit",
} as const;
export const V1_TERMINAL_OUTPUT_FLAG = "terminal_output";
export const V1_TERMINAL_AUTH = "terminal-auth";

/** The v1 words above, for v2's list of its own words (`V2_WIRE_STRINGS`). */
export const V1_TERMINAL_WORDS: readonly string[] = [
  ...Object.values(V1_TERMINAL_META),
  V1_TERMINAL_AUTH,
];
