import { AIR } from "./keys.js";
import type { AirProfile } from "./profile.js";
import type { ExtensionHooks } from "../../profile/hooks.js";
import { contextCompactionMeta } from "./context-compaction.js";
import { AIR_SUBAGENT_ANNOUNCER } from "./subagent-announcer.js";

/** What a JetBrains AIR client that negotiated `air` gets at the core's hook points. */
export function airHooks(air: AirProfile): Partial<ExtensionHooks> {
  if (!air.client) return {};
  return {
    extensions: [AIR],
    compactionMeta: [contextCompactionMeta],
    ...(air.nativeSubagentSessions ? { subagentBridge: AIR_SUBAGENT_ANNOUNCER } : {}),
  };
}
