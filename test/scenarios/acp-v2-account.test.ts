import { afterEach, describe, expect, it } from "vitest";
import { V2Scenario } from "../support/acp-v2-client.js";
import type { MessageTurn } from "../support/model-server.js";
import { textTurn } from "../support/script-turns.js";

/**
 * ACP v2 (draft) forms of account quota and the standard session methods, on the same
 * agent as v1: every v2 client gets `quota_update` (v2 has no client capability for it),
 * `quota/read`, `session/status`, `session/set_title`, `session/archive` /
 * `session/unarchive` with the `archived` list filter, and `auth/status`.
 */
const open: V2Scenario[] = [];
afterEach(async () => {
  const results = await Promise.allSettled(open.splice(0).map((s) => s.close()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
});
async function scenario(options: Parameters<typeof V2Scenario.start>[0] = {}): Promise<V2Scenario> {
  const s = await V2Scenario.start(options);
  open.push(s);
  return s;
}

const NOW = Math.floor(Date.now() / 1000);
const PLAN_HEADERS = {
  "anthropic-ratelimit-unified-status": "allowed",
  "anthropic-ratelimit-unified-representative-claim": "five_hour",
  "anthropic-ratelimit-unified-5h-utilization": "0.25",
  "anthropic-ratelimit-unified-5h-reset": String(NOW + 3600),
  "anthropic-ratelimit-unified-7d-utilization": "0.5",
  "anthropic-ratelimit-unified-7d-reset": String(NOW + 86400),
};
const CLAUDE_AI = { ANTHROPIC_API_KEY: "", CLAUDE_CODE_OAUTH_TOKEN: "sk-ant-oat01-scenario" };

interface Sent {
  method?: string;
  params?: { update?: Record<string, unknown> };
  result?: { capabilities?: Record<string, unknown> };
}

/** What the adapter wrote, as written (the ACP SDK's client drops what it does not know). */
function written(s: V2Scenario): Sent[] {
  return s.traffic.filter((t) => t.dir === "to-client").map((t) => t.message as Sent);
}

describe("ACP v2 (draft): account quota and the standard session methods", () => {
  it("every v2 client gets quota_update, and quota/read the same snapshot", async () => {
    const s = await scenario({
      env: CLAUDE_AI,
      script: [{ ...(textTurn("one") as MessageTurn), headers: PLAN_HEADERS }],
    });
    await s.initialize();
    const init = written(s).find((m) => m.result?.capabilities);
    expect(init?.result?.capabilities).toMatchObject({ quota: {}, auth: { status: {} } });
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "first");
    await s.idle(sessionId);
    const updates = written(s)
      .filter((m) => m.method === "session/update")
      .map((m) => m.params!.update!)
      .filter((u) => u.sessionUpdate === "quota_update");
    expect(updates).toHaveLength(1);
    const [update] = updates;
    expect(update!.pools).toMatchObject([
      {
        id: "plan",
        meters: [
          { id: "five_hour", usedPercent: 25 },
          { id: "seven_day", usedPercent: 50 },
        ],
      },
    ]);
    expect(await s.request("quota/read", { sessionId })).toStrictEqual({
      updatedAt: update!.updatedAt,
      pools: update!.pools,
    });
  });

  it("session/status, set_title, archive / unarchive with the list filter, auth/status", async () => {
    const s = await scenario({ script: [textTurn("done")] });
    const init = await s.initialize();
    expect(init.capabilities?.session).toMatchObject({ status: {}, title: {}, archive: {} });
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "Something worth keeping");
    await s.idle(sessionId);
    expect(await s.request("session/status", { sessionId })).toStrictEqual({ status: "open" });
    expect(await s.request("session/set_title", { sessionId, title: "Notes" })).toStrictEqual({
      title: "Notes",
    });
    expect(await s.request("session/archive", { sessionId })).toStrictEqual({});
    expect(await s.request("session/status", { sessionId })).toStrictEqual({ status: "saved" });
    const list = async (archived?: string) =>
      (
        (await s.request("session/list", {
          cwd: s.workspace,
          ...(archived ? { archived } : {}),
        })) as { sessions: Array<Record<string, unknown>> }
      ).sessions.filter((r) => r.sessionId === sessionId);
    expect(await list()).toEqual([]);
    expect(await list("only")).toEqual([
      expect.objectContaining({ sessionId, title: "Notes", archived: true }),
    ]);
    expect(await s.request("session/unarchive", { sessionId })).toStrictEqual({});
    expect(await list()).toEqual([
      expect.objectContaining({ sessionId, title: "Notes", archived: false }),
    ]);
    await expect(
      s.request("session/status", { sessionId: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({ code: -32602 });
    expect(await s.request("auth/status", {})).toStrictEqual({
      state: "authenticated",
      accounts: [{ label: "Anthropic API key", active: true }],
    });
  });
});
