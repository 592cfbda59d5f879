import { describe, expect, it } from "vitest";
import { PROFILES } from "../support/acp-harness.js";
import {
  startModelServer,
  type ModelServer,
  type ModelServerOptions,
} from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

/** A second scripted model server for the test; closed after it. */
async function withSecondServer(
  options: ModelServerOptions,
  test: (server: ModelServer) => Promise<void>,
): Promise<void> {
  const server = await startModelServer(options);
  try {
    await test(server);
  } finally {
    await server.close();
  }
}

describe("providers (ACP unstable providers/list, set, disable)", () => {
  it("routes the next turn to the provider set, checks the params, and disable goes back", async () => {
    const s = await scenario({ script: [textTurn("from the default")] });
    await withSecondServer({ script: [textTurn("from the provider")] }, async (other) => {
      const init = await s.initialize();
      expect(init.agentCapabilities?.providers).toEqual({});
      const sessionId = await s.newSession();
      expect((await s.prompt(sessionId, "first")).stopReason).toBe("end_turn");
      const main = {
        providerId: "main",
        supported: ["anthropic", "bedrock", "vertex"],
        required: false,
      };
      expect(await s.agent.request("providers/list", {})).toEqual({
        providers: [{ ...main, current: { apiType: "anthropic", baseUrl: s.model.url } }],
      });

      const set = { providerId: "main", apiType: "anthropic", baseUrl: other.url };
      for (const bad of [
        { ...set, providerId: "openai" },
        { ...set, apiType: "openai" },
        { ...set, baseUrl: "ftp://example.com" },
        { ...set, baseUrl: "/v1" },
        { ...set, headers: { "x-a": "one\nx-b: two" } },
      ]) {
        await expect(s.agent.request("providers/set", bad)).rejects.toMatchObject({
          code: -32602,
        });
      }
      await expect(
        s.agent.request("providers/set", {
          ...set,
          headers: { "x-route": "second", Authorization: "Bearer provider-token" },
        }),
      ).resolves.toEqual({});
      expect(await s.agent.request("providers/list", {})).toEqual({
        providers: [{ ...main, current: { apiType: "anthropic", baseUrl: other.url } }],
      });

      // The session's Claude Code is replaced before the next turn: it goes to the provider.
      expect((await s.prompt(sessionId, "second")).stopReason).toBe("end_turn");
      expect(s.agentText(sessionId)).toContain("from the provider");
      expect(s.model.mainRequests()).toHaveLength(1);
      const routed = other.mainRequests();
      expect(routed).toHaveLength(1);
      expect(routed[0]!.headers["x-route"]).toBe("second");
      // The client's credentials win over the placeholder that stands for the user's.
      expect(routed[0]!.headers.authorization).toBe("Bearer provider-token");
      // The user's own key never reaches the provider.
      expect(routed[0]!.headers["x-api-key"]).toBeUndefined();
      // The conversation went on: the provider got the first turn too.
      expect(JSON.stringify(routed[0]!.body.messages)).toContain("from the default");

      await expect(
        s.agent.request("providers/disable", { providerId: "other" }),
      ).rejects.toMatchObject({ code: -32602 });
      await expect(s.agent.request("providers/disable", { providerId: "main" })).resolves.toEqual(
        {},
      );
      s.model.push(textTurn("back to the default"));
      expect((await s.prompt(sessionId, "third")).stopReason).toBe("end_turn");
      expect(s.model.mainRequests()).toHaveLength(2);
      expect(other.mainRequests()).toHaveLength(1);
    });
  });
});

describe("gateway sign-in (Zed gateway convention)", () => {
  const GATEWAY_CLIENT = { ...PROFILES.zed, auth: { _meta: { gateway: true } } };

  it("offers the gateway methods, checks the gateway, routes turns through it; logout ends it", async () => {
    const s = await scenario();
    const served = { script: [textTurn("from the gateway")], models: ["claude-sonnet-5-5"] };
    await withSecondServer(served, async (gateway) => {
      const init = await s.initialize(GATEWAY_CLIENT);
      expect(init.authMethods?.map((m) => m.id)).toEqual([
        "claude-ai-login",
        "console-login",
        "gateway",
        "gateway-bedrock",
      ]);
      expect(init.authMethods?.slice(2)).toEqual([
        {
          id: "gateway",
          name: "Custom model gateway",
          description: "Use a custom gateway to authenticate and access models",
          _meta: { gateway: { protocol: "anthropic" } },
        },
        {
          id: "gateway-bedrock",
          name: "Custom model gateway",
          description: "Use a custom gateway to authenticate and access models",
          _meta: { gateway: { protocol: "bedrock" } },
        },
      ]);
      for (const gatewayMeta of [
        undefined,
        { baseUrl: "not a url" },
        { baseUrl: gateway.url, headers: ["x"] },
        { baseUrl: gateway.url, headers: { "x-key": 1 } },
      ]) {
        await expect(
          s.agent.request("authenticate", {
            methodId: "gateway",
            ...(gatewayMeta ? { _meta: { gateway: gatewayMeta } } : {}),
          }),
        ).rejects.toMatchObject({ code: -32602 });
      }
      const host = new URL(gateway.url).host;
      await s.agent.request("authenticate", {
        methodId: "gateway",
        _meta: { gateway: { baseUrl: gateway.url, headers: { "x-gateway-key": "k-1" } } },
      });
      expect(s.extNotifications.filter((n) => n.method === "_auth/status_update")).toEqual([
        {
          method: "_auth/status_update",
          params: { authStatus: { kind: "gateway", label: "Custom model gateway", detail: host } },
        },
      ]);
      const answer = await s.agent.request("session/new", { cwd: s.workspace, mcpServers: [] });
      // The gateway lists one model: the session offers it alone, and runs it.
      const model = answer.configOptions?.find((o) => o.id === "model");
      expect(model).toMatchObject({ currentValue: "sonnet", options: [{ value: "sonnet" }] });
      expect(model?.type === "select" && model.options).toHaveLength(1);
      const sessionId = answer.sessionId;
      expect((await s.prompt(sessionId, "hello there")).stopReason).toBe("end_turn");
      expect(s.model.mainRequests()).toHaveLength(0);
      expect(gateway.mainRequests()).toHaveLength(1);
      const routed = gateway.mainRequests()[0]!;
      expect(routed.headers["x-gateway-key"]).toBe("k-1");
      expect(routed.body.model).toBe("claude-sonnet-5-5");
      const listing = gateway.requests.find((r) => r.path.startsWith("/v1/models"));
      expect(listing?.headers["x-gateway-key"]).toBe("k-1");

      // logout ends the gateway route; the state is Claude Code's again (the API key).
      await s.agent.request("logout", {});
      expect(await s.agent.request("providers/list", {})).toMatchObject({
        providers: [{ current: { apiType: "anthropic", baseUrl: s.model.url } }],
      });
      expect(s.extNotifications.at(-1)).toEqual({
        method: "_auth/status_update",
        params: {
          authStatus: { kind: "api_key", label: "Anthropic API key", detail: "ANTHROPIC_API_KEY" },
        },
      });
    });
  });
});
