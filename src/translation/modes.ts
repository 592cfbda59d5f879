import type {
  SessionConfigOption,
  SessionMode,
  SessionModeState,
} from "@agentclientprotocol/sdk/unstable";
import { modeKindMeta } from "../extensions/air/mode-kind.js";

/**
 * Claude permission modes with Claude Code's labels (S000 "Permission modes") and the
 * upstream adapter's descriptions (spec "Compatibility rule": upstream values).
 */
const MODES: ReadonlyArray<{ id: string; name: string; description: string }> = [
  { id: "default", name: "Manual", description: "Always ask before making changes" },
  { id: "acceptEdits", name: "Accept edits", description: "Automatically accept all file edits" },
  { id: "plan", name: "Plan", description: "Create a plan before making changes" },
  { id: "auto", name: "Auto", description: "Claude handles permission decisions" },
  { id: "bypassPermissions", name: "Bypass permissions", description: "Accepts all permissions" },
];

export interface ModeAvailability {
  readonly auto: boolean;
  readonly bypass: boolean;
}

/**
 * The modes the session offers: Manual, Accept edits, Plan, then Auto and Bypass when
 * available. `airHints`: each mode carries AIR's presentation kind in its `_meta`
 * (air-extensions.md "Presentation hints"), for an AIR client only.
 */
export function availableModes(availability: ModeAvailability, airHints = false): SessionMode[] {
  return MODES.filter(
    (m) =>
      (m.id !== "auto" || availability.auto) &&
      (m.id !== "bypassPermissions" || availability.bypass),
  ).map((m) => {
    const meta = airHints ? modeKindMeta(m.id) : undefined;
    return meta ? { ...m, _meta: meta } : { ...m };
  });
}

export function modeState(current: string, modes: readonly SessionMode[]): SessionModeState {
  // `dontAsk` comes only from settings: it is the current mode but not offered.
  const listed = modes.some((m) => m.id === current)
    ? modes
    : [...modes, { id: current, name: current === "dontAsk" ? "Don't ask" : current }];
  return { currentModeId: current, availableModes: [...listed] };
}

/** The mode as a config option (`category: "mode"`); each value keeps its mode's `_meta`. */
export function modeOption(current: string, modes: readonly SessionMode[]): SessionConfigOption {
  const state = modeState(current, modes);
  return {
    id: "mode",
    name: "Mode",
    description: "Session permission mode",
    category: "mode",
    type: "select",
    currentValue: current,
    options: state.availableModes.map((m) => ({
      value: m.id,
      name: m.name,
      ...(m.description ? { description: m.description } : {}),
      ...(m._meta ? { _meta: m._meta } : {}),
    })),
  };
}
