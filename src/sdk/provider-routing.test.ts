import { afterEach, describe, expect, it } from "vitest";
import { redacted } from "../util/user-text.js";
import {
  currentRoute,
  routingGeneration,
  setGatewayRoute,
  setProviderRoute,
} from "./provider-routing.js";

const route = (baseUrl: string, headers: Record<string, string> = {}) => ({
  apiType: "anthropic" as const,
  baseUrl,
  headers,
});

afterEach(() => {
  setProviderRoute(undefined);
  setGatewayRoute(undefined);
});

describe("the process's model route", () => {
  it("a provider wins over the gateway; each change is a new generation", () => {
    const before = routingGeneration();
    setGatewayRoute(route("https://gateway.example"));
    expect(currentRoute()?.baseUrl).toBe("https://gateway.example");
    setProviderRoute(route("https://provider.example"));
    expect(currentRoute()?.baseUrl).toBe("https://provider.example");
    setProviderRoute(undefined);
    expect(currentRoute()?.baseUrl).toBe("https://gateway.example");
    expect(routingGeneration()).toBe(before + 3);
  });

  it("redacts the routes' header values (and a bearer's token) from error texts while set", () => {
    setGatewayRoute(route("https://g.example", { Authorization: "Bearer gatewaypassword" }));
    setProviderRoute(route("https://p.example", { "x-team": "providerpassword" }));
    const text = "denied: gatewaypassword / providerpassword";
    expect(redacted(text)).toBe("denied: [redacted] / [redacted]");
    setProviderRoute(undefined);
    expect(redacted(text)).toBe("denied: [redacted] / providerpassword");
  });
});
