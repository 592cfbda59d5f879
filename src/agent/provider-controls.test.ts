import { afterEach, describe, expect, it, vi } from "vitest";
import { parseClientProfile } from "../extensions/compose.js";
import { PLAIN_CLIENT } from "../profile/client-profile.js";
import { currentRoute, routeEnv, routingGeneration } from "../sdk/provider-routing.js";
import { isAdapterError } from "../util/adapter-error.js";
import type { AuthTracker } from "./auth-tracker.js";
import { ProviderControls } from "./provider-controls.js";

const listing = vi.hoisted(() => ({
  models: undefined as string[] | undefined,
  wait: Promise.resolve(),
}));
vi.mock("../sdk/endpoint-models.js", () => ({
  listEndpointModels: () => listing.wait.then(() => listing.models),
}));

const assume = vi.fn(() => Promise.resolve());
const tracker = () => ({ assume }) as unknown as AuthTracker;
/** A client that declared the gateway sign-in (`auth._meta.gateway`). */
const gatewayClient = parseClientProfile({ auth: { _meta: { gateway: true } } });
const controls = new ProviderControls(tracker, () => gatewayClient);
const SET = { providerId: "main", apiType: "bedrock", baseUrl: "https://gw.example/b" };
const GATEWAY = { gateway: { baseUrl: "https://gw.example/a", headers: { "x-key": "k" } } };

/** The error `run` throws or rejects with (undefined when it does neither). */
async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

afterEach(async () => {
  await controls.signOut();
  assume.mockClear();
  listing.models = undefined;
  listing.wait = Promise.resolve();
});

describe("ProviderControls", () => {
  it("lists the environment's route until one is set", () => {
    vi.stubEnv("ANTHROPIC_BASE_URL", "http://127.0.0.1:7");
    vi.stubEnv("CLAUDE_CODE_USE_BEDROCK", "");
    vi.stubEnv("CLAUDE_CODE_USE_VERTEX", "");
    try {
      expect(controls.list()).toStrictEqual({
        providers: [
          {
            providerId: "main",
            supported: ["anthropic", "bedrock", "vertex"],
            required: false,
            current: { apiType: "anthropic", baseUrl: "http://127.0.0.1:7" },
          },
        ],
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("sets the main route (a new generation), lists it, and disable drops it", async () => {
    const before = routingGeneration();
    await controls.set({ ...SET, headers: { "x-key": "k" } });
    expect(routingGeneration()).toBe(before + 1);
    expect(currentRoute()).toStrictEqual({
      apiType: "bedrock",
      baseUrl: "https://gw.example/b",
      headers: { "x-key": "k" },
    });
    expect(controls.list().providers[0]!.current).toStrictEqual({
      apiType: "bedrock",
      baseUrl: "https://gw.example/b",
    });
    expect(routeEnv().ANTHROPIC_BEDROCK_BASE_URL).toBe("https://gw.example/b");
    await controls.disable({ providerId: "main" });
    expect(currentRoute()).toBeUndefined();
    expect(routeEnv()).toStrictEqual({});
    expect(routingGeneration()).toBe(before + 2);
  });

  it.each([
    [
      "an unknown provider",
      { ...SET, providerId: "openai" },
      'unknown provider "openai"; the one provider is "main"',
    ],
    [
      "an unknown protocol",
      { ...SET, apiType: "openai" },
      'unsupported apiType "openai"; supported: anthropic, bedrock, vertex',
    ],
    ["a relative URL", { ...SET, baseUrl: "/b" }, "baseUrl must be an absolute http(s) URL"],
    [
      "a header with a line break",
      { ...SET, headers: { "x-a": "1\nx-b: 2" } },
      "headers: header x-a must be one line",
    ],
  ])("refuses %s and changes nothing", async (_name, params, message) => {
    await controls.set({ ...SET, baseUrl: "https://kept.example" });
    const generation = routingGeneration();
    const error = await thrown(() => controls.set(params));
    expect(isAdapterError(error, "invalidInput")).toBe(true);
    expect((error as Error).message).toBe(message);
    expect(currentRoute()?.baseUrl).toBe("https://kept.example");
    expect(routingGeneration()).toBe(generation);
  });

  it("refuses to disable an unknown provider", async () => {
    await controls.set(SET);
    const error = await thrown(() => controls.disable({ providerId: "x" }));
    expect(isAdapterError(error, "invalidInput")).toBe(true);
    expect(currentRoute()?.baseUrl).toBe(SET.baseUrl);
  });

  it("a gateway sign-in routes and says so; a provider set wins over it until disabled", async () => {
    await controls.signIn("gateway", GATEWAY);
    expect(assume).toHaveBeenCalledWith({
      kind: "gateway",
      label: "Custom model gateway",
      detail: "gw.example",
    });
    expect(currentRoute()).toStrictEqual({
      apiType: "anthropic",
      baseUrl: "https://gw.example/a",
      headers: { "x-key": "k" },
    });
    await controls.set(SET);
    expect(currentRoute()?.baseUrl).toBe(SET.baseUrl);
    await controls.disable({ providerId: "main" });
    expect(currentRoute()?.baseUrl).toBe("https://gw.example/a");
  });

  it("a bad gateway sign-in changes nothing", async () => {
    await expect(
      controls.signIn("gateway", { gateway: { baseUrl: "nope" } }),
    ).rejects.toMatchObject({ code: "invalidInput" });
    expect(currentRoute()).toBeUndefined();
    expect(assume).not.toHaveBeenCalled();
  });

  it("has no gateway sign-in for a client that declared none", async () => {
    const plain = new ProviderControls(tracker, () => PLAIN_CLIENT);
    await expect(plain.signIn("gateway", GATEWAY)).rejects.toMatchObject({
      code: "invalidInput",
      message: 'unknown auth method "gateway"',
    });
    expect(currentRoute()).toBeUndefined();
    expect(assume).not.toHaveBeenCalled();
  });

  it("sign-out ends both routes and leaves the state to the probes", async () => {
    await controls.signIn("gateway-bedrock", GATEWAY);
    await controls.set(SET);
    const generation = routingGeneration();
    await controls.signOut();
    expect(currentRoute()).toBeUndefined();
    expect(routingGeneration()).toBeGreaterThan(generation);
    expect(assume).toHaveBeenLastCalledWith(undefined);
    // With no route, a sign-out changes no route: sessions keep their Claude Code.
    const after = routingGeneration();
    await controls.signOut();
    expect(routingGeneration()).toBe(after);
  });

  it("keeps the models the endpoint lists with the route, none when it lists none", async () => {
    listing.models = ["claude-sonnet-5"];
    await controls.signIn("gateway", GATEWAY);
    expect(currentRoute()?.listedModels).toEqual(["claude-sonnet-5"]);
    listing.models = undefined;
    await controls.set({ ...SET, apiType: "anthropic" });
    expect(currentRoute()).toStrictEqual({
      apiType: "anthropic",
      baseUrl: SET.baseUrl,
      headers: {},
    });
  });

  it("applies changes in the order asked for, also while a listing takes time", async () => {
    let release!: () => void;
    listing.models = ["claude-sonnet-5"];
    listing.wait = new Promise<void>((resolve) => (release = resolve));
    const set = controls.set({ ...SET, apiType: "anthropic" });
    const disabled = controls.disable({ providerId: "main" });
    release();
    await Promise.all([set, disabled]);
    expect(currentRoute()).toBeUndefined();
  });
});
