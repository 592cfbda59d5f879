import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { z } from "zod";
import type { SwitchFacts } from "../claude-query.js";
import { cacheFilePath, readCacheFile, writeJsonAtomically } from "../../util/cache-file.js";

/**
 * Claude Code's model list as its last start reported it, kept on disk between adapter
 * processes so that `session/new`, `session/resume` and `session/fork` can answer (their
 * `configOptions` hold the model option) without waiting a second for Claude Code to
 * start (`session/load` waits for Claude Code: nothing may follow its answer). One small JSON file per
 * start key (`sdk/start-key.ts`: binary, environment, login, settings, client options),
 * under the user's cache folder (`$XDG_CACHE_HOME` or `~/.cache`), like the session list
 * cache. A missing, corrupt or foreign file is no cache; a write goes to a temporary
 * file renamed into place, so adapters side by side never read a torn file.
 */
const VERSION = 1;

const effortSchema = z.enum(["low", "medium", "high", "xhigh", "max"]);

/** Claude Code's `ModelInfo`; fields it may add later are kept as they are. */
const modelSchema = z.looseObject({
  value: z.string(),
  resolvedModel: z.string().optional(),
  displayName: z.string(),
  description: z.string(),
  supportsEffort: z.boolean().optional(),
  supportedEffortLevels: z.array(effortSchema).optional(),
  supportsAdaptiveThinking: z.boolean().optional(),
  supportsFastMode: z.boolean().optional(),
  supportsAutoMode: z.boolean().optional(),
});

/** What the start said of fast mode and ultracode (`SwitchFacts`); its `On` states are not kept. */
const switchesSchema = z.object({
  fastDisabledReason: z.string().optional(),
  ultracodeAvailable: z.boolean().optional(),
});

const fileSchema = z.object({
  version: z.literal(VERSION),
  key: z.string(),
  models: z.array(modelSchema).min(1),
  switches: switchesSchema.optional(),
});

/** A cached start: the model list and what the switches depend on. */
export interface CachedModelList {
  readonly models: ModelInfo[];
  readonly switches: SwitchFacts;
}

export function modelListCachePath(key: string): string {
  return cacheFilePath(`models-${key.slice(0, 32)}.json`);
}

/** The model list stored for this start key, or undefined when there is none to trust. */
export function readModelListCache(key: string): CachedModelList | undefined {
  const stored = readCacheFile(
    modelListCachePath(key),
    fileSchema,
    (file) => file.key === key,
    "model list cache",
  );
  if (!stored) return undefined;
  return { models: stored.models as ModelInfo[], switches: stored.switches ?? {} };
}

/** Stores the model list Claude Code reported for this key. Failures are logged, not thrown. */
export function writeModelListCache(
  key: string,
  models: readonly ModelInfo[],
  switches: SwitchFacts = {},
): void {
  if (models.length === 0) return; // nothing a session could be answered with
  writeJsonAtomically(
    modelListCachePath(key),
    {
      version: VERSION,
      key,
      models,
      switches: {
        ...(switches.fastDisabledReason !== undefined
          ? { fastDisabledReason: switches.fastDisabledReason }
          : {}),
        ...(switches.ultracodeAvailable !== undefined
          ? { ultracodeAvailable: switches.ultracodeAvailable }
          : {}),
      },
    },
    "model list cache",
  );
}
