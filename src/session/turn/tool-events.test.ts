import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import type { RoutedUpdate } from "../../translation/routed-update.js";
import { ToolCallTranslator } from "../../translation/tool-calls/tool-call-translator.js";
import { toolEventsFor, type ToolEventsHost } from "./tool-events.js";

describe("toolEventsFor: a finished tool", () => {
  it("is reported after the PostToolUse hook answered, not while Claude Code waits", async () => {
    const tools = new ToolCallTranslator(parseClientProfile({}), false);
    const routed: RoutedUpdate[] = [];
    const host = {
      sessionId: "s",
      translator: { tools },
      outbox: { route: (updates: RoutedUpdate[]) => routed.push(...updates) },
      subagents: undefined,
      turnSignal: () => new AbortController().signal,
    } as unknown as ToolEventsHost;
    const events = toolEventsFor(host);
    tools.complete(
      { id: "e", name: "Edit", input: { file_path: "/w/a", old_string: "a", new_string: "b" } },
      null,
    );
    const response = { filePath: "/w/a", structuredPatch: [{ newStart: 1, lines: ["-a", "+b"] }] };
    expect(events.readsFileAfter("e", response)).toBe(false);
    events.toolFinished("e", response, undefined);
    // The hook returns now: nothing was made or sent yet.
    expect(routed).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(routed.map((r) => r.update)).toMatchObject([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "e",
        _meta: { claudeCode: { toolResponse: response } },
      },
    ]);
  });
});
