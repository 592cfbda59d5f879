import { describe, expect, it } from "vitest";
import { isAdapterError } from "../../util/adapter-error.js";
import { gatewayAuthStatus, gatewayRoute, isGatewayMethod } from "./sign-in.js";

const URL_OK = "https://gw.example:8443/anthropic";

describe("gatewayRoute", () => {
  it.each([
    ["gateway", { apiType: "anthropic", baseUrl: URL_OK, headers: { "x-key": "k" } }],
    ["gateway-bedrock", { apiType: "bedrock", baseUrl: URL_OK, headers: { "x-key": "k" } }],
  ])("%s: the protocol of the method, the gateway's URL and headers", (methodId, expected) => {
    expect(
      gatewayRoute(methodId, { gateway: { baseUrl: URL_OK, headers: { "x-key": "k" } } }),
    ).toStrictEqual(expected);
  });

  it.each([[undefined], [null]])("takes headers %j as none", (headers) => {
    expect(gatewayRoute("gateway", { gateway: { baseUrl: URL_OK, headers } })).toStrictEqual({
      apiType: "anthropic",
      baseUrl: URL_OK,
      headers: {},
    });
  });

  it.each([
    ["no _meta", "gateway", undefined, "`_meta.gateway.baseUrl` must be an absolute http(s) URL"],
    ["no gateway", "gateway", {}, "`_meta.gateway.baseUrl` must be an absolute http(s) URL"],
    [
      "a relative URL",
      "gateway",
      { gateway: { baseUrl: "/v1" } },
      "`_meta.gateway.baseUrl` must be an absolute http(s) URL",
    ],
    [
      "another scheme",
      "gateway",
      { gateway: { baseUrl: "file:///etc" } },
      "`_meta.gateway.baseUrl` must be an absolute http(s) URL",
    ],
    [
      "headers as a list",
      "gateway",
      { gateway: { baseUrl: URL_OK, headers: ["x-key: k"] } },
      "`_meta.gateway.headers` must be an object of header names to values",
    ],
    [
      "headers as text",
      "gateway",
      { gateway: { baseUrl: URL_OK, headers: "x-key: k" } },
      "`_meta.gateway.headers` must be an object of header names to values",
    ],
    [
      "a number header",
      "gateway",
      { gateway: { baseUrl: URL_OK, headers: { "x-key": 1 } } },
      "`_meta.gateway.headers`: header x-key must be a string",
    ],
    [
      "another method",
      "console-login",
      { gateway: { baseUrl: URL_OK } },
      'unknown auth method "console-login"',
    ],
  ])("refuses %s", (_name, methodId, meta, message) => {
    let error: unknown;
    try {
      gatewayRoute(methodId, meta);
    } catch (caught) {
      error = caught;
    }
    expect(isAdapterError(error, "invalidInput")).toBe(true);
    expect((error as Error).message).toBe(message);
  });
});

describe("isGatewayMethod", () => {
  it.each([
    ["gateway", true],
    ["gateway-bedrock", true],
    ["gateway-vertex", false],
    ["console-login", false],
  ])("%s → %s", (id, expected) => {
    expect(isGatewayMethod(id)).toBe(expected);
  });
});

describe("gatewayAuthStatus", () => {
  it("names the gateway's host", () => {
    expect(gatewayAuthStatus(URL_OK)).toStrictEqual({
      kind: "gateway",
      label: "Custom model gateway",
      detail: "gw.example:8443",
    });
  });
});
