import { describe, expect, it } from "vitest";
import {
  customHeaders,
  environmentRoute,
  headersProblem,
  isEndpointUrl,
  providerEnv,
  ROUTE_TOKEN_PLACEHOLDER,
} from "./provider-env.js";

/** Every variable a route clears before it sets its own. */
const CLEARED = {
  ANTHROPIC_BASE_URL: undefined,
  ANTHROPIC_BEDROCK_BASE_URL: undefined,
  ANTHROPIC_VERTEX_BASE_URL: undefined,
  ANTHROPIC_CUSTOM_HEADERS: undefined,
  ANTHROPIC_API_KEY: undefined,
  ANTHROPIC_AUTH_TOKEN: undefined,
  CLAUDE_CODE_OAUTH_TOKEN: undefined,
  CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR: undefined,
  CLAUDE_CODE_API_KEY_FILE_DESCRIPTOR: undefined,
  AWS_BEARER_TOKEN_BEDROCK: undefined,
  CLAUDE_CODE_USE_BEDROCK: undefined,
  CLAUDE_CODE_USE_VERTEX: undefined,
  CLAUDE_CODE_SKIP_BEDROCK_AUTH: undefined,
  CLAUDE_CODE_SKIP_VERTEX_AUTH: undefined,
};

describe("providerEnv", () => {
  it("is nothing without a route", () => {
    expect(providerEnv(undefined)).toStrictEqual({});
  });

  it.each([
    [
      "anthropic",
      {
        ANTHROPIC_BASE_URL: "https://gw.example/api",
        ANTHROPIC_AUTH_TOKEN: ROUTE_TOKEN_PLACEHOLDER,
      },
    ],
    [
      "bedrock",
      {
        CLAUDE_CODE_USE_BEDROCK: "1",
        ANTHROPIC_BEDROCK_BASE_URL: "https://gw.example/api",
        CLAUDE_CODE_SKIP_BEDROCK_AUTH: "1",
      },
    ],
    [
      "vertex",
      {
        CLAUDE_CODE_USE_VERTEX: "1",
        ANTHROPIC_VERTEX_BASE_URL: "https://gw.example/api",
        CLAUDE_CODE_SKIP_VERTEX_AUTH: "1",
      },
    ],
  ] as const)("routes %s: the user's endpoint and credentials cleared", (apiType, own) => {
    const route = { apiType, baseUrl: "https://gw.example/api", headers: { "x-key": "k" } };
    expect(providerEnv(route)).toStrictEqual({
      ...CLEARED,
      ANTHROPIC_CUSTOM_HEADERS: "x-key: k",
      ...own,
    });
  });

  it.each([
    [
      "a bearer token as ANTHROPIC_AUTH_TOKEN",
      { Authorization: "Bearer gw-token", "x-route": "r" },
      { ANTHROPIC_AUTH_TOKEN: "gw-token", ANTHROPIC_CUSTOM_HEADERS: "x-route: r" },
    ],
    ["an API key as ANTHROPIC_API_KEY", { "X-Api-Key": "gw-key" }, { ANTHROPIC_API_KEY: "gw-key" }],
    [
      "both",
      { authorization: "bearer t", "x-api-key": "k" },
      { ANTHROPIC_AUTH_TOKEN: "t", ANTHROPIC_API_KEY: "k" },
    ],
    [
      "another scheme as a header, with a placeholder API key",
      { Authorization: "Basic dTpw" },
      {
        ANTHROPIC_API_KEY: ROUTE_TOKEN_PLACEHOLDER,
        ANTHROPIC_CUSTOM_HEADERS: "Authorization: Basic dTpw",
      },
    ],
    [
      "an empty bearer as a header",
      { Authorization: "Bearer " },
      {
        ANTHROPIC_API_KEY: ROUTE_TOKEN_PLACEHOLDER,
        ANTHROPIC_CUSTOM_HEADERS: "Authorization: Bearer ",
      },
    ],
  ])("passes the route's credentials on: %s", (_name, headers, own) => {
    const route = { apiType: "anthropic" as const, baseUrl: "https://gw.example", headers };
    expect(providerEnv(route)).toStrictEqual({
      ...CLEARED,
      ANTHROPIC_BASE_URL: "https://gw.example",
      ...own,
    });
  });

  it("leaves a Bedrock or Vertex route's Authorization header as it is", () => {
    const headers = { Authorization: "Bearer t" };
    const env = providerEnv({ apiType: "bedrock", baseUrl: "https://gw.example", headers });
    expect(env.ANTHROPIC_CUSTOM_HEADERS).toBe("Authorization: Bearer t");
    expect(env.ANTHROPIC_AUTH_TOKEN).toBeUndefined();
  });

  it("sets no header variable without headers", () => {
    const env = providerEnv({ apiType: "anthropic", baseUrl: "http://h", headers: {} });
    expect(env.ANTHROPIC_CUSTOM_HEADERS).toBeUndefined();
    expect("ANTHROPIC_CUSTOM_HEADERS" in env).toBe(true);
  });
});

describe("customHeaders", () => {
  it("writes one Name: value line per header, in order", () => {
    expect(customHeaders({ "x-a": "1", Authorization: "Bearer t" })).toBe(
      "x-a: 1\nAuthorization: Bearer t",
    );
    expect(customHeaders({})).toBe("");
  });
});

describe("environmentRoute", () => {
  it.each([
    [{}, { apiType: "anthropic", baseUrl: "https://api.anthropic.com" }],
    [
      { ANTHROPIC_BASE_URL: "http://127.0.0.1:9" },
      { apiType: "anthropic", baseUrl: "http://127.0.0.1:9" },
    ],
    [
      { CLAUDE_CODE_USE_BEDROCK: "1" },
      { apiType: "bedrock", baseUrl: "https://bedrock-runtime.us-east-1.amazonaws.com" },
    ],
    [
      { CLAUDE_CODE_USE_BEDROCK: "true", AWS_DEFAULT_REGION: "eu-west-1" },
      { apiType: "bedrock", baseUrl: "https://bedrock-runtime.eu-west-1.amazonaws.com" },
    ],
    [
      { CLAUDE_CODE_USE_BEDROCK: "1", AWS_REGION: "us-west-2", AWS_DEFAULT_REGION: "eu-west-1" },
      { apiType: "bedrock", baseUrl: "https://bedrock-runtime.us-west-2.amazonaws.com" },
    ],
    [
      { CLAUDE_CODE_USE_BEDROCK: "1", ANTHROPIC_BEDROCK_BASE_URL: "https://b.example" },
      { apiType: "bedrock", baseUrl: "https://b.example" },
    ],
    [
      { CLAUDE_CODE_USE_BEDROCK: "0" },
      { apiType: "anthropic", baseUrl: "https://api.anthropic.com" },
    ],
    [
      { CLAUDE_CODE_USE_BEDROCK: "false" },
      { apiType: "anthropic", baseUrl: "https://api.anthropic.com" },
    ],
    [
      { CLAUDE_CODE_USE_BEDROCK: "" },
      { apiType: "anthropic", baseUrl: "https://api.anthropic.com" },
    ],
    [
      { CLAUDE_CODE_USE_VERTEX: "1" },
      { apiType: "vertex", baseUrl: "https://us-east5-aiplatform.googleapis.com" },
    ],
    [
      { CLAUDE_CODE_USE_VERTEX: "1", CLOUD_ML_REGION: "global" },
      { apiType: "vertex", baseUrl: "https://aiplatform.googleapis.com" },
    ],
    [
      { CLAUDE_CODE_USE_VERTEX: "1", CLOUD_ML_REGION: "europe-west4" },
      { apiType: "vertex", baseUrl: "https://europe-west4-aiplatform.googleapis.com" },
    ],
    [
      { CLAUDE_CODE_USE_VERTEX: "1", ANTHROPIC_VERTEX_BASE_URL: "https://v.example" },
      { apiType: "vertex", baseUrl: "https://v.example" },
    ],
  ])("%j → %j", (env, expected) => {
    expect(environmentRoute(env)).toStrictEqual(expected);
  });
});

describe("isEndpointUrl", () => {
  it.each([
    ["https://gw.example/v1", true],
    ["http://127.0.0.1:8080", true],
    ["ftp://gw.example", false],
    ["/v1/messages", false],
    ["gw.example", false],
    ["", false],
    ["   ", false],
    [42, false],
    [undefined, false],
  ])("%j → %s", (value, expected) => {
    expect(isEndpointUrl(value)).toBe(expected);
  });
});

describe("headersProblem", () => {
  it.each([
    [{}, undefined],
    [{ "x-key": "k", Authorization: "Bearer t" }, undefined],
    [{ "x key": "k" }, 'invalid header name "x key"'],
    [{ "": "k" }, 'invalid header name ""'],
    [{ "x-key": 1 }, "header x-key must be a string"],
    [{ "x-key": "a\nx-other: b" }, "header x-key must be one line"],
    [{ "x-key": "a\rb" }, "header x-key must be one line"],
  ])("%j → %s", (headers, expected) => {
    expect(headersProblem(headers)).toBe(expected);
  });
});
