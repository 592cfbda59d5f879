import type { SessionConfigOption } from "@agentclientprotocol/sdk/unstable";

/**
 * The on/off config options of a model (features 1g): Fast mode (`fast`) and ultracode
 * (`ultracode`). A client that declared `session.configOptions.boolean` gets the ACP
 * boolean option; every other client a select of `on` and `off`, which it can show
 * like any other select.
 */
export type SwitchId = "fast" | "ultracode";

export const SWITCH_VALUES = { on: "on", off: "off" } as const;

const NAMES: Record<SwitchId, string> = { fast: "Fast mode", ultracode: "Ultracode" };

/** Upstream's descriptions, to the letter (spec Compatibility rule). */
const DESCRIPTIONS: Record<SwitchId, string> = {
  fast: "Faster responses on supported models",
  ultracode: "Dynamic workflows on every task, at any effort level",
};

/**
 * What Claude Code says of a fast mode that cannot serve (its `fast_mode_disabled_reason`),
 * in the user's words. `sdk_opt_in_required` is missing on purpose: turning the option
 * on is that opt-in. `pending` is a passing state, not worth a sentence.
 */
const FAST_UNAVAILABLE: Readonly<Record<string, string>> = {
  free: "Fast mode needs a paid plan.",
  preference: "Fast mode is turned off by your organization.",
  extra_usage_disabled: "Fast mode needs extra usage, which is turned off for your account.",
  network_error: "Fast mode cannot be reached right now (network error).",
  unknown: "Fast mode is unavailable right now.",
  not_first_party: "Fast mode works only with the Anthropic API.",
  disabled_by_env: "Fast mode is turned off by the environment.",
  model_not_allowed: "Fast mode's model is not allowed for your organization.",
};

/** The sentence that tells why fast mode will not serve, or none. */
export function fastUnavailable(reason: string | undefined): string | undefined {
  return reason === undefined ? undefined : FAST_UNAVAILABLE[reason];
}

/** One switch as a config option (`category: "model_config"`). */
export function switchOption(
  id: SwitchId,
  on: boolean,
  booleans: boolean,
  unavailable?: string,
): SessionConfigOption {
  const description = unavailable ? `${DESCRIPTIONS[id]}. ${unavailable}` : DESCRIPTIONS[id];
  const base = { id, name: NAMES[id], description, category: "model_config" } as const;
  if (booleans) return { ...base, type: "boolean", currentValue: on };
  return {
    ...base,
    type: "select",
    currentValue: on ? SWITCH_VALUES.on : SWITCH_VALUES.off,
    options: [
      { value: SWITCH_VALUES.on, name: "On" },
      { value: SWITCH_VALUES.off, name: "Off" },
    ],
  };
}

/**
 * The value a client set a switch to: a boolean for the boolean option, `on` / `off`
 * for the select. Undefined for anything else (the caller answers `invalidParams`).
 */
export function switchValue(value: unknown, booleans: boolean): boolean | undefined {
  if (booleans) return typeof value === "boolean" ? value : undefined;
  if (value === SWITCH_VALUES.on) return true;
  if (value === SWITCH_VALUES.off) return false;
  return undefined;
}
