import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import type { ClientPort } from "../../client/client-port.js";
import { PLAIN_CLIENT } from "../../profile/client-profile.js";
import { parseClientProfile } from "../../extensions/compose.js";
import type { MessageTapParts } from "./message-tap.js";
import { messageTaps, tapsObserve, tapsRouted } from "./message-taps.js";
import type { Outbox } from "../outbox.js";
import type { SessionSetup } from "../start/query-setup.js";

function parts(setup: Partial<SessionSetup>, lody = false) {
  const sent: Array<[string, unknown]> = [];
  const client = {
    notify: async (method: string, params: unknown) => void sent.push([method, params]),
  } as unknown as ClientPort;
  const value = {
    sessionId: "s1",
    cwd: "/w",
    setup: { sessionId: "s1", cwd: "/w", passThrough: {}, ...setup } as SessionSetup,
    client,
    profile: lody ? parseClientProfile({ _meta: { lody: {} } }) : PLAIN_CLIENT,
    outbox: {} as Outbox,
    titles: undefined,
  } as unknown as MessageTapParts;
  return { value, sent };
}

const message = { type: "system", subtype: "status" } as unknown as SDKMessage;

describe("messageTaps", () => {
  it("a plain session without the raw tap has no tap", () => {
    expect(messageTaps(parts({}).value)).toEqual([]);
  });

  it("the raw tap sends every message as _claude/sdkMessage", () => {
    const { value, sent } = parts({ rawSdkMessages: true });
    const taps = messageTaps(value);
    expect(taps).toHaveLength(1);
    taps[0]!.observe(message);
    expect(sent).toEqual([["_claude/sdkMessage", { sessionId: "s1", message }]]);
  });

  it("a Lody client gets its accounting and turn taps", () => {
    expect(messageTaps(parts({}, true).value).length).toBeGreaterThan(0);
  });
});

describe("tapsObserve / tapsRouted", () => {
  it("hands the message to every tap in order; routed only to the taps that have it", () => {
    const seen: string[] = [];
    const taps = [
      { observe: () => seen.push("a.observe"), routed: () => seen.push("a.routed") },
      { observe: () => seen.push("b.observe") },
      { observe: () => seen.push("c.observe"), routed: () => seen.push("c.routed") },
    ];
    tapsObserve(taps, message);
    tapsRouted(taps, message);
    expect(seen).toEqual(["a.observe", "b.observe", "c.observe", "a.routed", "c.routed"]);
  });
});
