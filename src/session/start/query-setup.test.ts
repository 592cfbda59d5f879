import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import {
  childResponsesShown,
  flatSubagents,
  promptSuggestionsShown,
  subagentHistoryShown,
  subagentTrafficShown,
} from "./query-setup.js";

const air = (...capabilities: string[]) => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});
const LODY = { _meta: { lody: {} } };
const LODY_EVENTS = { _meta: { lody: { subagentEvents: { version: 1 } } } };
const ZED = { terminal: true, _meta: { terminal_output: true } };
const FLAT = { _meta: { "subagent-transcript": true } };
const FORWARD = { forwardSubagentText: true };

/**
 * Where a subagent's work goes, per client (seed 000 "Native subagent sessions", "Claude
 * tools and ACP fields"; lody-contract.md §4, §7.6): `flat` is the root transcript,
 * `shown` whether the translators pass the child's traffic on (flat, or routed off the
 * root), `history` whether a load replays it.
 */
describe.each([
  // name, capabilities, pass-through, flat, shown, history
  ["a plain client", {}, {}, true, true, true],
  ["a Zed client", ZED, {}, true, true, true],
  ["a client that asked for the flat transcript", FLAT, {}, true, true, true],
  ["an AIR client without a subagent signal", air(), {}, false, false, false],
  ["an AIR client with forwardSubagentText", air(), FORWARD, true, true, true],
  ["an AIR client with subagent-transcript", { ...air(), ...FLAT }, {}, true, true, true],
  [
    "an AIR client with native child sessions",
    air("nativeSubagentSessions"),
    {},
    false,
    true,
    true,
  ],
  ["an RFD client", { subagents: {} }, {}, false, true, true],
  ["a Lody client (task cards)", LODY, {}, false, false, false],
  ["a Lody client with subagent events", LODY_EVENTS, {}, false, true, false],
])("%s", (_name, capabilities, passThrough, flat, shown, history) => {
  const profile = parseClientProfile(capabilities);

  it("gets the subagent's work where the spec says", () => {
    expect({
      flat: flatSubagents(profile, passThrough),
      shown: subagentTrafficShown(profile, passThrough),
      history: subagentHistoryShown(profile, passThrough),
    }).toEqual({ flat, shown, history });
  });
});

/** Who pays Claude Code's next-prompt prediction: AIR unless it says no, others on request. */
describe.each([
  // name, capabilities, pass-through, shown
  ["a plain client", {}, {}, false],
  ["a plain client that asks", {}, { promptSuggestions: true }, true],
  ["a Lody client", LODY, {}, false],
  ["an AIR client", air(), {}, true],
  ["an AIR client that says no", air(), { promptSuggestions: false }, false],
])("prompt suggestions: %s", (_name, capabilities, passThrough, shown) => {
  it("are predicted as the client asked", () => {
    expect(promptSuggestionsShown(parseClientProfile(capabilities), passThrough)).toBe(shown);
  });
});

/** Who gets a subagent's tool responses (the PostToolUse hook on every tool): v1, not AIR. */
describe.each([
  // name, capabilities, protocol version, shown
  ["a plain client", {}, 1, true],
  ["a Zed client", ZED, 1, true],
  ["a Lody client", LODY, 1, true],
  ["an AIR client", air(), 1, false],
  ["a v2 client", {}, 2, false],
])("child tool responses: %s", (_name, capabilities, version, shown) => {
  it("are reported as the spec says", () => {
    expect(childResponsesShown(parseClientProfile(capabilities, version))).toBe(shown);
  });
});
