import type {
  SessionConfigOption,
  SessionMode,
  SessionModeState,
} from "@agentclientprotocol/sdk/unstable";

/** The `_meta` an extension gives a permission mode (AIR's presentation kind), or none. */
export type ModeMeta = (modeId: string) => Record<string, unknown> | undefined;

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /** The `_meta` of each mode and mode option value (AIR "Presentation hints"). */
    readonly modeMeta?: ModeMeta;
  }
}

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
 * available. `modeMeta`: the `_meta` the client's extension gives each mode (the hook
 * `modeMeta`: AIR's presentation kind, air-extensions.md "Presentation hints").
 */
export function availableModes(availability: ModeAvailability, modeMeta?: ModeMeta): SessionMode[] {
  return MODES.filter(
    (m) =>
      (m.id !== "auto" || availability.auto) &&
      (m.id !== "bypassPermissions" || availability.bypass),
  ).map((m) => {
    const meta = modeMeta ? modeMeta(m.id) : undefined;
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
