import type { ContentBlock, McpServer } from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";

/**
 * The methods of the session-rewind RFD (agent-client-protocol `docs/rfds/session-rewind.mdx`)
 * and the `messageId` of `session/fork` (`session-fork-at-message.mdx`), which the ACP SDK
 * 2.4.0 schema does not have yet: their params are parsed here.
 */
export const REWIND_METHODS = {
  rewind: "session/rewind",
  editPrompt: "session/edit_prompt",
} as const;

const meta = z.record(z.string(), z.unknown()).nullish();

export const rewindParams = z.object({
  sessionId: z.string(),
  toMessageId: z.string().min(1),
  _meta: meta,
});

export const editPromptParams = z.object({
  sessionId: z.string(),
  messageId: z.string().min(1),
  // Each block is checked by the prompt's own conversion (`fromAcpPrompt`), as a prompt's.
  newContent: z
    .array(z.object({ type: z.string() }).passthrough())
    .min(1)
    .transform((blocks) => blocks as unknown as ContentBlock[]),
  _meta: meta,
});

/**
 * `session/fork` with the RFD's optional `messageId`. The SDK's own parser drops fields it
 * does not know, so fork is parsed here: the same fields, each MCP server an object
 * with a name (its transport is read where the servers are started, as for `session/new`).
 */
export const forkParams = z.object({
  sessionId: z.string(),
  cwd: z.string(),
  messageId: z.string().min(1).optional(),
  additionalDirectories: z.array(z.string()).nullish(),
  mcpServers: z
    .array(z.object({ name: z.string() }).passthrough())
    .nullish()
    .transform((servers) => (servers ?? []) as unknown as McpServer[]),
  systemPrompt: z.unknown().optional(),
  _meta: meta,
});
