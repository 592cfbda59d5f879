import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ConfigChange, SessionConfig } from "./session-config.js";

/**
 * What the client hears after a change it made itself, as upstream tells it: only the
 * forms it did not use. A `session/set_mode` is echoed as the option list (the mode is
 * an option too); a `session/set_config_option` answers the option list, so only a mode
 * change is told, as `current_mode_update`.
 */
export function clientChangeUpdates(
  config: SessionConfig,
  via: "set_mode" | "set_config_option",
  kind: ConfigChange["kind"],
): SessionUpdate[] {
  if (via === "set_mode") return configUpdates(config, false);
  if (kind !== "mode") return [];
  return [{ sessionUpdate: "current_mode_update", currentModeId: config.currentMode }];
}

/** What the client hears after Claude Code changed something: the mode (when it changed) and every option. */
export function configUpdates(config: SessionConfig, modeChanged: boolean): SessionUpdate[] {
  return [
    ...(modeChanged
      ? [{ sessionUpdate: "current_mode_update" as const, currentModeId: config.currentMode }]
      : []),
    { sessionUpdate: "config_option_update", configOptions: config.configOptions() },
  ];
}
