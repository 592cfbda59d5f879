import type { ToolReporter } from "../reporter.js";

/** MCP tools (`mcp__*`) and any tool the adapter does not know: `other`, titled with the name. */
export const genericReporter: ToolReporter = {
  describe: (_input, toolName) => ({ kind: "other", title: toolName }),
};
