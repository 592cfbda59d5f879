import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import type { SessionSetup } from "../start/query-setup.js";
import { turnReportsFor } from "./turn-reports.js";

const request = {
  jetbrains: { air: { agentFileChangeReportRequest: { version: 1, requestId: "r1" } } },
};
const air = (capabilities: string[]) => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});

/** The reports of a session of a client with `capabilities`, and what they sent. */
function reportsOf(capabilities: unknown) {
  const sent: Promise<readonly SessionUpdate[]>[] = [];
  const reports = turnReportsFor(parseClientProfile(capabilities), {
    setup: {
      sessionId: "s",
      cwd: "/",
      passThrough: {},
      additionalDirectories: [],
    } as unknown as SessionSetup,
    slot: { current: undefined },
    outbox: { sendBeforeAnswer: (updates) => void sent.push(updates) },
  });
  return { reports, sent };
}

describe("turnReportsFor", () => {
  it("gives a client that negotiated AIR's agentFileChangeReport its reports", async () => {
    const { reports, sent } = reportsOf(air(["agentFileChangeReport"]));
    expect(reports.accept(request)).toBe("r1");
    reports.cancelled({ reportRequest: "r1" });
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(await sent[0])).toContain('"agentFileChangeReport"');
  });

  it.each([
    ["a plain client", {}],
    ["an AIR client without the capability", air([])],
  ])("asks nothing of %s: no request is accepted, nothing is sent", (_name, capabilities) => {
    const { reports, sent } = reportsOf(capabilities);
    expect(reports.accept(request)).toBeUndefined();
    reports.cancelled({ reportRequest: "r1" });
    reports.turnEnded(
      { prompt: { reportRequest: "r1" }, userMessageId: "u", ranTools: true },
      true,
    );
    expect(sent).toHaveLength(0);
  });
});
