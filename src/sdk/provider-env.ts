/**
 * Where Claude Code sends its model requests, as the client chose it (ACP `providers/set`,
 * or a gateway sign-in): an API protocol, its base URL and the headers every request
 * carries. Claude Code reads the route from its environment only, so a route is a set of
 * environment variables (features.md 1q "Provider / auth vars").
 */
export interface ProviderRoute {
  readonly apiType: ProviderApi;
  readonly baseUrl: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The model ids the endpoint lists (`endpoint-models.ts`), when it lists them. */
  readonly listedModels?: readonly string[];
}

/** The API protocols Claude Code speaks (the ACP `LlmProtocol` values it can take). */
export const PROVIDER_APIS = ["anthropic", "bedrock", "vertex"] as const;
export type ProviderApi = (typeof PROVIDER_APIS)[number];

/** The default endpoint of each protocol, for `providers/list` when no base URL is set. */
const ANTHROPIC_API = "https://api.anthropic.com";

/**
 * The credential Claude Code is given where the route names none: the user's Anthropic
 * key or login must never reach an endpoint the client routes to, and Claude Code needs
 * some credential to send requests.
 */
export const ROUTE_TOKEN_PLACEHOLDER = "acp-provider-route";

/**
 * Variables that pick an endpoint or carry the user's credentials: a route clears all
 * of them first (undefined: the variable is not passed on), so no setting of the user's
 * environment mixes with the client's route.
 */
const ROUTING_VARS = [
  "ANTHROPIC_BASE_URL",
  "ANTHROPIC_BEDROCK_BASE_URL",
  "ANTHROPIC_VERTEX_BASE_URL",
  "ANTHROPIC_CUSTOM_HEADERS",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR",
  "CLAUDE_CODE_API_KEY_FILE_DESCRIPTOR",
  "AWS_BEARER_TOKEN_BEDROCK",
  "CLAUDE_CODE_USE_BEDROCK",
  "CLAUDE_CODE_USE_VERTEX",
  "CLAUDE_CODE_SKIP_BEDROCK_AUTH",
  "CLAUDE_CODE_SKIP_VERTEX_AUTH",
] as const;

/** `ANTHROPIC_CUSTOM_HEADERS`: one `Name: value` per line. */
export function customHeaders(headers: Readonly<Record<string, string>>): string {
  return Object.keys(headers)
    .map((name) => `${name}: ${headers[name]}`)
    .join("\n");
}

/**
 * The environment that sends Claude Code's requests along `route` (nothing without one):
 * - `anthropic`: `ANTHROPIC_BASE_URL`, the route's credentials (`anthropicCredentials`);
 * - `bedrock`: `CLAUDE_CODE_USE_BEDROCK`, `ANTHROPIC_BEDROCK_BASE_URL`, and no AWS
 *   signing (`CLAUDE_CODE_SKIP_BEDROCK_AUTH`, Claude Code's switch for a gateway);
 * - `vertex`: `CLAUDE_CODE_USE_VERTEX`, `ANTHROPIC_VERTEX_BASE_URL`, no Google sign-in
 *   (`CLAUDE_CODE_SKIP_VERTEX_AUTH`); the project and region stay the environment's.
 * The route's (other) headers go in `ANTHROPIC_CUSTOM_HEADERS`.
 */
export function providerEnv(route: ProviderRoute | undefined): Record<string, string | undefined> {
  if (!route) return {};
  const env: Record<string, string | undefined> = {};
  for (const name of ROUTING_VARS) env[name] = undefined;
  const credentials =
    route.apiType === "anthropic" ? anthropicCredentials(route.headers) : undefined;
  const headers = customHeaders(credentials?.headers ?? route.headers);
  if (headers) env.ANTHROPIC_CUSTOM_HEADERS = headers;
  switch (route.apiType) {
    case "anthropic":
      env.ANTHROPIC_BASE_URL = route.baseUrl;
      Object.assign(env, credentials?.env);
      break;
    case "bedrock":
      env.CLAUDE_CODE_USE_BEDROCK = "1";
      env.ANTHROPIC_BEDROCK_BASE_URL = route.baseUrl;
      env.CLAUDE_CODE_SKIP_BEDROCK_AUTH = "1";
      break;
    case "vertex":
      env.CLAUDE_CODE_USE_VERTEX = "1";
      env.ANTHROPIC_VERTEX_BASE_URL = route.baseUrl;
      env.CLAUDE_CODE_SKIP_VERTEX_AUTH = "1";
      break;
  }
  return env;
}

/**
 * The Anthropic-protocol credentials of a route's headers. Claude Code writes its own
 * `Authorization` / `x-api-key` over a custom header of the same name, so the route's
 * own go in Claude Code's variables instead: `Authorization: Bearer <token>` as
 * `ANTHROPIC_AUTH_TOKEN`, `x-api-key` as `ANTHROPIC_API_KEY`. Without either, a
 * placeholder stands in (a bearer token; an API key where the route sends an
 * `Authorization` of another scheme, which a bearer token would replace).
 */
function anthropicCredentials(headers: Readonly<Record<string, string>>): {
  env: Record<string, string>;
  headers: Record<string, string>;
} {
  const env: Record<string, string> = {};
  const rest: Record<string, string> = {};
  let otherAuthorization = false;
  for (const name of Object.keys(headers)) {
    const value = headers[name]!;
    const lower = name.toLowerCase();
    const bearer = /^Bearer\s+(\S.*)$/i.exec(value);
    if (lower === "authorization" && bearer) env.ANTHROPIC_AUTH_TOKEN = bearer[1]!;
    else if (lower === "x-api-key") env.ANTHROPIC_API_KEY = value;
    else {
      if (lower === "authorization") otherAuthorization = true;
      rest[name] = value;
    }
  }
  if (!env.ANTHROPIC_AUTH_TOKEN && !env.ANTHROPIC_API_KEY) {
    if (otherAuthorization) env.ANTHROPIC_API_KEY = ROUTE_TOKEN_PLACEHOLDER;
    else env.ANTHROPIC_AUTH_TOKEN = ROUTE_TOKEN_PLACEHOLDER;
  }
  return { env, headers: rest };
}

/** Claude Code's reading of a switch variable: set, and not `0` / `false`. */
function isOn(value: string | undefined): boolean {
  return value !== undefined && value !== "" && !/^(0|false|no|off)$/i.test(value.trim());
}

/**
 * The route Claude Code takes from `env` alone (`providers/list` with no route set): the
 * cloud provider its switches pick, and that provider's base URL or default endpoint.
 */
export function environmentRoute(env: Readonly<Record<string, string | undefined>>): {
  apiType: ProviderApi;
  baseUrl: string;
} {
  if (isOn(env.CLAUDE_CODE_USE_BEDROCK)) {
    const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || "us-east-1";
    return {
      apiType: "bedrock",
      baseUrl: env.ANTHROPIC_BEDROCK_BASE_URL || `https://bedrock-runtime.${region}.amazonaws.com`,
    };
  }
  if (isOn(env.CLAUDE_CODE_USE_VERTEX)) {
    const region = env.CLOUD_ML_REGION || "us-east5";
    const host =
      region === "global" ? "aiplatform.googleapis.com" : `${region}-aiplatform.googleapis.com`;
    return { apiType: "vertex", baseUrl: env.ANTHROPIC_VERTEX_BASE_URL || `https://${host}` };
  }
  return { apiType: "anthropic", baseUrl: env.ANTHROPIC_BASE_URL || ANTHROPIC_API };
}

/** A base URL a route can take: absolute, `http:` or `https:`. */
export function isEndpointUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.trim() === "") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Why `headers` cannot be sent as `ANTHROPIC_CUSTOM_HEADERS`, or undefined: each name an
 * HTTP token, no value with a line break (a line is one header: a break would add one).
 */
export function headersProblem(headers: Readonly<Record<string, unknown>>): string | undefined {
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      return `invalid header name ${JSON.stringify(name)}`;
    if (typeof value !== "string") return `header ${name} must be a string`;
    if (/[\r\n\0]/.test(value)) return `header ${name} must be one line`;
  }
  return undefined;
}
