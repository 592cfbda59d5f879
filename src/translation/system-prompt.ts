import { invalidInput } from "../util/adapter-error.js";
import { toPlainData } from "../util/plain-data.js";

/**
 * What Claude Code's `systemPrompt` option takes (SDK 0.3.318 `Options.systemPrompt`):
 * a string replaces its own instructions; the `claude_code` preset keeps them and
 * `append` adds text after them.
 */
export type ClaudeSystemPrompt =
  | string
  | {
      readonly type: "preset";
      readonly preset: "claude_code";
      readonly append?: string;
      readonly [option: string]: unknown;
    };

/** The places a client may put instructions for Claude when it opens a session. */
export interface SystemPromptSources {
  /** `systemPrompt` of the request (the ACP client-system-prompt RFD). */
  readonly field?: unknown;
  /** The legacy `_meta.systemPrompt`: a string (a replacement) or preset options. */
  readonly legacy?: unknown;
  /** AIR's `customInstructions`, for a client that declared them: appended in every case. */
  readonly customInstructions?: string;
}

/**
 * The system prompt a session's Claude Code starts with (features 1b), or undefined when
 * the client asked for none (Claude Code's own, or a pass-through
 * `_meta.claudeCode.options.systemPrompt`). The ACP field wins over the legacy
 * `_meta.systemPrompt`; AIR's custom instructions follow whichever applies.
 *
 * Throws `invalidInput` for a field the adapter cannot apply (a mode other than
 * `append` / `override`, a block that is not text, no blocks): the RFD asks for an error
 * and no session rather than a prompt applied some other way.
 */
export function claudeSystemPrompt(sources: SystemPromptSources): ClaudeSystemPrompt | undefined {
  const extra = sources.customInstructions || undefined;
  const field = fieldPrompt(sources.field);
  if (field?.mode === "override") return joined(field.text, extra) ?? "";
  if (field) return preset({}, joined(field.text, extra));
  const legacy = toPlainData(sources.legacy);
  if (typeof legacy === "string") return joined(legacy, extra) ?? "";
  if (legacy && typeof legacy === "object" && !Array.isArray(legacy)) {
    const options = legacy as Record<string, unknown>;
    const own = typeof options.append === "string" ? options.append : undefined;
    return preset(options, joined(own, extra));
  }
  return extra === undefined ? undefined : preset({}, extra);
}

/** Throws as `claudeSystemPrompt` does, for a request that must change nothing first. */
export function checkSystemPrompt(field: unknown): void {
  fieldPrompt(field);
}

interface FieldPrompt {
  readonly mode: "append" | "override";
  readonly text: string;
}

function fieldPrompt(field: unknown): FieldPrompt | undefined {
  if (field === undefined || field === null) return undefined;
  if (typeof field !== "object" || Array.isArray(field)) {
    throw invalidInput("systemPrompt must be an object with a mode and content");
  }
  const { mode, content } = field as { mode?: unknown; content?: unknown };
  if (mode !== "append" && mode !== "override") {
    throw invalidInput(`unsupported systemPrompt mode ${JSON.stringify(mode)}`);
  }
  if (!Array.isArray(content) || content.length === 0) {
    throw invalidInput("systemPrompt content must be a non-empty list of text blocks");
  }
  const texts: string[] = [];
  for (const block of content as unknown[]) {
    const { type, text } = (block ?? {}) as { type?: unknown; text?: unknown };
    if (type !== "text" || typeof text !== "string") {
      throw invalidInput(
        `systemPrompt content must be text blocks, not ${JSON.stringify(String(type))}`,
      );
    }
    texts.push(text);
  }
  return { mode, text: texts.join("\n\n") };
}

/** The parts that have text, one paragraph each; undefined when none has. */
function joined(...parts: ReadonlyArray<string | undefined>): string | undefined {
  const text = parts.filter((part) => part).join("\n\n");
  return text === "" ? undefined : text;
}

/**
 * Claude Code's own prompt with `append`; the client's other preset options pass, but
 * the preset stays `claude_code` (the only one there is).
 */
function preset(options: Record<string, unknown>, append: string | undefined): ClaudeSystemPrompt {
  const { append: _append, ...rest } = options;
  return {
    ...rest,
    type: "preset",
    preset: "claude_code",
    ...(append !== undefined ? { append } : {}),
  };
}
