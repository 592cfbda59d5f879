import type { ContentBlock } from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import { invalidInput } from "../util/adapter-error.js";

type ImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** Anthropic user content blocks, the subset the adapter builds. */
export type ClaudeUserBlock =
  | { type: "text"; text: string }
  | {
      type: "image";
      source:
        { type: "base64"; media_type: ImageMediaType; data: string } | { type: "url"; url: string };
    }
  | { type: "document"; source: { type: "base64"; media_type: "application/pdf"; data: string } };

/** A prompt block the adapter cannot take (e.g. audio, not advertised). */
export class UnsupportedPromptContent extends Error {}

const IMAGE_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
]);

function isImageType(mime: string): mime is ImageMediaType {
  return IMAGE_TYPES.has(mime);
}
/** Media types whose bytes are text: `text/*`, the common source and data formats, `+json`/`+xml`. */
const TEXT_LIKE =
  /^(?:text\/.+|application\/(?:json|xml|yaml|x-yaml|toml|sql|javascript|typescript|x-sh)|[\w.-]+\/[\w.-]+\+(?:json|xml))$/;

/**
 * The text of an embedded blob whose media type is text (features 1c), decoded by the
 * type's `charset` (UTF-8 without one, or with one this Node does not know); undefined
 * for any other type. `text/plain; charset="ISO-8859-1"` and `application/ld+json` count.
 */
export function blobText(mimeType: string, base64: string): string | undefined {
  const [essence = "", ...parameters] = mimeType.split(";");
  if (!TEXT_LIKE.test(essence.trim().toLowerCase())) return undefined;
  const charset = parameters
    .map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p)?.[1])
    .find((c) => c !== undefined);
  const bytes = Buffer.from(base64, "base64");
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function displayName(uri: string, name?: string | null): string {
  if (name) return name;
  const path = uri.replace(/^[a-z]+:\/\//i, "").split(/[?#]/)[0] ?? uri;
  return path.split("/").filter(Boolean).pop() ?? uri;
}

function mention(uri: string, name?: string | null): string {
  return `[@${displayName(uri, name)}](${uri})`;
}

/** `/mcp:server:cmd args` is Zed's spelling of an MCP prompt; Claude Code spells it `/server:cmd (MCP) args`. */
function rewriteMcpPrompt(text: string): string {
  const match = /^\/mcp:([^:\s]+):(\S+)(.*)$/s.exec(text);
  return match ? `/${match[1]}:${match[2]} (MCP)${match[3]}` : text;
}

/**
 * `fromAcpPrompt` for a request's prompt: content the adapter cannot take is the request's
 * invalid input (-32602), before anything runs.
 */
export function toClaudeContent(prompt: readonly ContentBlock[]): ClaudeUserBlock[] {
  try {
    return fromAcpPrompt(prompt);
  } catch (error) {
    if (error instanceof UnsupportedPromptContent) throw invalidInput(error.message);
    throw error;
  }
}

/**
 * ACP prompt → Claude user content. Mentions become markdown links in place; embedded
 * text travels as `<context>` blocks after all other content, so the prompt reads as
 * the user wrote it.
 */
export function fromAcpPrompt(prompt: readonly ContentBlock[]): ClaudeUserBlock[] {
  const blocks: ClaudeUserBlock[] = [];
  const contexts: ClaudeUserBlock[] = [];
  prompt.forEach((block, index) => {
    switch (block.type) {
      case "text":
        blocks.push({
          type: "text",
          text: index === 0 ? rewriteMcpPrompt(block.text) : block.text,
        });
        break;
      case "image":
        if (block.data) {
          if (!isImageType(block.mimeType)) {
            throw new UnsupportedPromptContent(`image type ${block.mimeType} is not supported`);
          }
          blocks.push({
            type: "image",
            source: { type: "base64", media_type: block.mimeType, data: block.data },
          });
        } else if (block.uri && /^https?:/.test(block.uri)) {
          blocks.push({ type: "image", source: { type: "url", url: block.uri } });
        }
        break;
      case "resource_link":
        blocks.push({ type: "text", text: mention(block.uri, block.name) });
        break;
      case "resource": {
        const resource = block.resource;
        if ("text" in resource) {
          blocks.push({ type: "text", text: mention(resource.uri) });
          contexts.push({
            type: "text",
            text: `\n<context ref="${resource.uri}">\n${resource.text}\n</context>`,
          });
        } else {
          const mime = resource.mimeType ?? "";
          if (isImageType(mime)) {
            blocks.push({
              type: "image",
              source: { type: "base64", media_type: mime, data: resource.blob },
            });
          } else if (mime === "application/pdf") {
            blocks.push({
              type: "document",
              source: { type: "base64", media_type: "application/pdf", data: resource.blob },
            });
          } else {
            const text = blobText(mime, resource.blob);
            if (text === undefined) break;
            blocks.push({ type: "text", text: mention(resource.uri) });
            contexts.push({
              type: "text",
              text: `\n<context ref="${resource.uri}">\n${text}\n</context>`,
            });
          }
        }
        break;
      }
      case "audio":
        throw new UnsupportedPromptContent("audio prompt content is not supported");
    }
  });
  return [...blocks, ...contexts];
}

/** The text of a prompt's first block, where a slash command would be. */
export function promptText(content: readonly ClaudeUserBlock[]): string {
  const first = content[0];
  return first?.type === "text" ? first.text : "";
}

/**
 * One prompt block, as far as the adapter reads it: each type with the fields it uses.
 * What the adapter cannot take (audio, an image type Claude does not read) is refused
 * later by `fromAcpPrompt`, as for `session/prompt`.
 */
export const contentBlock = z.union([
  z.looseObject({ type: z.literal("text"), text: z.string() }),
  z.looseObject({ type: z.literal("image"), mimeType: z.string(), data: z.string() }),
  z.looseObject({ type: z.literal("audio"), mimeType: z.string(), data: z.string() }),
  z.looseObject({ type: z.literal("resource_link"), uri: z.string(), name: z.string() }),
  z.looseObject({
    type: z.literal("resource"),
    resource: z.looseObject({ uri: z.string() }),
  }),
]);
