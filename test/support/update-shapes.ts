/**
 * What a client ends up showing from a stream of `session/update`s: message chunks
 * joined per message, tool calls merged the way ACP merges `tool_call_update`s, plans.
 * Live traffic and a `session/load` replay of the same conversation stream differently
 * (live text arrives in deltas, a tool call is refined while its input streams) but must
 * end in the same view. User prompts and usage are left out: live, the client sent the
 * prompts itself, and usage is per turn. Claude Code's raw tool response
 * (`_meta.claudeCode.toolResponse`) is left out too: the PostToolUse hook sends it live,
 * and a replay, which has no hook, carries none (as upstream's; issue 34).
 */
export type ViewItem =
  | {
      kind: "agent_message_chunk" | "agent_thought_chunk";
      messageId?: string;
      parent?: string;
      text: string;
    }
  | { kind: "tool_call"; toolCallId: string; fields: Record<string, unknown> }
  | { kind: "plan"; entries: unknown };

type Update = Record<string, unknown> & { sessionUpdate: string };

function parentOf(update: Update): string | undefined {
  const meta = update._meta as { claudeCode?: { parentToolUseId?: string } } | undefined;
  return meta?.claudeCode?.parentToolUseId;
}

/** `meta` without `claudeCode.toolResponse` (see `clientView`). */
function withoutResponse(meta: Record<string, unknown>): Record<string, unknown> {
  const claudeCode = meta.claudeCode as Record<string, unknown> | undefined;
  if (!claudeCode || !("toolResponse" in claudeCode)) return meta;
  const { toolResponse: _, ...rest } = claudeCode;
  return { ...meta, claudeCode: rest };
}

function mergeMeta(before: unknown, after: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(before as Record<string, unknown>) };
  for (const [key, value] of Object.entries((after as Record<string, unknown>) ?? {})) {
    const old = merged[key];
    merged[key] =
      old && typeof old === "object" && value && typeof value === "object" && !Array.isArray(value)
        ? { ...old, ...value }
        : value;
  }
  return merged;
}

export function clientView(updates: readonly unknown[]): ViewItem[] {
  const items: ViewItem[] = [];
  const calls = new Map<string, Extract<ViewItem, { kind: "tool_call" }>>();
  for (const raw of updates) {
    const update = raw as Update;
    switch (update.sessionUpdate) {
      case "agent_message_chunk":
      case "agent_thought_chunk": {
        const content = update.content as { type: string; text?: string };
        const messageId = update.messageId as string | undefined;
        const parent = parentOf(update);
        const last = items.at(-1);
        if (
          last?.kind === update.sessionUpdate &&
          last.messageId === messageId &&
          last.parent === parent
        ) {
          last.text += content.text ?? "";
        } else {
          items.push({
            kind: update.sessionUpdate,
            ...(messageId !== undefined ? { messageId } : {}),
            ...(parent !== undefined ? { parent } : {}),
            text: content.text ?? "",
          });
        }
        break;
      }
      case "tool_call":
      case "tool_call_update": {
        const { sessionUpdate: _, toolCallId, _meta, ...fields } = update;
        const id = String(toolCallId);
        let call = calls.get(id);
        if (!call) {
          call = { kind: "tool_call", toolCallId: id, fields: {} };
          calls.set(id, call);
          items.push(call);
        }
        call.fields = {
          ...call.fields,
          ...fields,
          _meta: withoutResponse(mergeMeta(call.fields._meta, _meta)),
        };
        break;
      }
      case "plan":
        items.push({ kind: "plan", entries: update.entries });
        break;
      default:
        break;
    }
  }
  return items;
}
