import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { useTempCacheHome } from "../../../test/support/temp-cache-home.js";
import { modelListCachePath, readModelListCache, writeModelListCache } from "./model-list-cache.js";

const cacheHome = useTempCacheHome("model-cache-");

const KEY = "a".repeat(64);
const OTHER_KEY = `${"a".repeat(32)}${"b".repeat(32)}`; // same file name, another key

const models: ModelInfo[] = [
  {
    value: "default",
    resolvedModel: "claude-opus-5-5",
    displayName: "Default (recommended)",
    description: "Use the default model",
    supportsEffort: true,
    supportedEffortLevels: ["low", "high"],
    supportsAutoMode: true,
  },
  { value: "haiku", displayName: "Haiku", description: "Fast" },
];

describe("the model list cache", () => {
  it("round-trips a model list under the user's cache folder, keeping unknown fields", () => {
    const withNewField = [{ ...models[0]!, supportsThinkingOff: false }, models[1]!];
    writeModelListCache(KEY, withNewField);
    expect(modelListCachePath(KEY).startsWith(join(cacheHome(), "claude-agent-acp"))).toBe(true);
    expect(readModelListCache(KEY)).toEqual({ models: withNewField, switches: {} });
  });

  it("keeps what the start said of the switches, never whether they were on", () => {
    writeModelListCache(KEY, models, {
      fastDisabledReason: "free",
      fastOn: true,
      ultracodeAvailable: true,
      ultracodeOn: true,
    });
    expect(readModelListCache(KEY)?.switches).toEqual({
      fastDisabledReason: "free",
      ultracodeAvailable: true,
    });
    writeModelListCache(KEY, models, { ultracodeAvailable: false });
    expect(readModelListCache(KEY)?.switches).toEqual({ ultracodeAvailable: false });
  });

  it("is none for another key, even one sharing the file name", () => {
    writeModelListCache(KEY, models);
    expect(modelListCachePath(OTHER_KEY)).toBe(modelListCachePath(KEY));
    expect(readModelListCache(OTHER_KEY)).toBeUndefined();
    expect(readModelListCache("c".repeat(64))).toBeUndefined();
  });

  it.each([
    ["a torn file", (text: string) => text.slice(0, text.length - 10)],
    ["not JSON", () => "\u0000garbage"],
    ["another version", (text: string) => text.replace('"version":1', '"version":2')],
    ["a model without a name", (text: string) => text.replace('"displayName":"Haiku",', "")],
    ["an unknown effort level", (text: string) => text.replace('"low"', '"extreme"')],
    ["an empty list", (text: string) => text.replace(/"models":\[.*\]/, '"models":[]')],
  ])("is none for %s", (_name, damage) => {
    writeModelListCache(KEY, models);
    const path = modelListCachePath(KEY);
    writeFileSync(path, damage(readFileSync(path, "utf8")));
    expect(readModelListCache(KEY)).toBeUndefined();
  });

  it("stores nothing for an empty list", () => {
    writeModelListCache(KEY, []);
    expect(readModelListCache(KEY)).toBeUndefined();
    expect(() => readFileSync(modelListCachePath(KEY))).toThrow();
  });
});
