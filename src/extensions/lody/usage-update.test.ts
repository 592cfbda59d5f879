import { describe, expect, it } from "vitest";
import { operationUsage, usageUpdate } from "./usage-update.js";

describe("usageUpdate", () => {
  it("one scope per result: modelUsage and delta.modelUsage equal, delta.usage their sum", () => {
    const added = {
      a: { inputTokens: 200, outputTokens: 10, cacheReadInputTokens: 20, costUSD: 0.2 },
      b: { inputTokens: 50, outputTokens: 10, cacheReadInputTokens: 20, costUSD: 0.3 },
    };
    const usage = operationUsage({
      input_tokens: 7,
      output_tokens: 8,
      cache_read_input_tokens: 9,
      cache_creation_input_tokens: 10,
      server_tool_use: { web_search_requests: 0 },
    });
    const update = usageUpdate("s1", "result-uuid", usage, added);
    expect(update).toStrictEqual({
      method: "_lody/session/usage_update",
      params: {
        sessionId: "s1",
        usage: {
          inputTokens: 7,
          outputTokens: 8,
          cacheReadInputTokens: 9,
          cacheCreationInputTokens: 10,
        },
        modelUsage: added,
        delta: {
          usage: { inputTokens: 250, outputTokens: 20, cacheReadInputTokens: 40, costUSD: 0.5 },
          modelUsage: added,
        },
        _meta: { lody: { usageScopeId: "result-uuid" } },
      },
    });
    update.params.modelUsage.a!.inputTokens = 1;
    expect(update.params.delta.modelUsage.a!.inputTokens).toBe(200);
    expect(added.a.inputTokens).toBe(200);
  });

  it("a result's usage with missing counts reads 0", () => {
    expect(operationUsage(undefined)).toStrictEqual({
      inputTokens: 0,
      outputTokens: 0,
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: 0,
    });
  });
});
