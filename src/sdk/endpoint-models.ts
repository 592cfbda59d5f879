import { log } from "../util/log.js";
import type { ProviderRoute } from "./provider-env.js";

/** How long a listing may take before the route is taken without one. */
const LISTING_TIMEOUT_MS = 5_000;

/**
 * The model ids an Anthropic-protocol endpoint serves (`GET <baseUrl>/v1/models`, the
 * Models API, with the route's headers), for the session's model option (features 1g
 * "gateway listing"). Undefined when the endpoint lists nothing readable (an error, a
 * timeout, another shape): Claude Code's own list is shown then. Other protocols list
 * nothing here.
 */
export async function listEndpointModels(
  route: ProviderRoute,
  timeoutMs = LISTING_TIMEOUT_MS,
): Promise<string[] | undefined> {
  if (route.apiType !== "anthropic") return undefined;
  const base = route.baseUrl.endsWith("/") ? route.baseUrl : `${route.baseUrl}/`;
  const url = new URL("v1/models?limit=1000", base);
  try {
    const response = await fetch(url, {
      headers: { "anthropic-version": "2023-06-01", ...route.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      log.debug("endpoint lists no models", { status: response.status });
      return undefined;
    }
    return modelIds(await response.json());
  } catch (error) {
    log.debug("endpoint model listing failed", { message: String(error) });
    return undefined;
  }
}

/** The `data[].id` strings of a Models API page; undefined for any other shape. */
export function modelIds(body: unknown): string[] | undefined {
  const data = body && typeof body === "object" ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) return undefined;
  return data.flatMap((entry: unknown) => {
    const id = entry && typeof entry === "object" ? (entry as { id?: unknown }).id : undefined;
    return typeof id === "string" ? [id] : [];
  });
}
