import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEndpointModels, modelIds } from "./endpoint-models.js";

describe("modelIds", () => {
  it.each([
    [
      { data: [{ id: "claude-sonnet-5" }, { id: 3 }, null, { id: "claude-opus-5" }] },
      ["claude-sonnet-5", "claude-opus-5"],
    ],
    [{ data: [] }, []],
    [{}, undefined],
    [{ data: "claude" }, undefined],
    [null, undefined],
    ["text", undefined],
  ])("%j → %j", (body, expected) => {
    expect(modelIds(body)).toEqual(expected);
  });
});

describe("listEndpointModels", () => {
  let url = "";
  const seen: { path?: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url, headers: req.headers });
    if (req.url?.startsWith("/broken/")) {
      res.writeHead(404).end();
      return;
    }
    if (req.url?.startsWith("/slow/")) return; // never answers
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data: [{ id: "claude-sonnet-5" }], has_more: false }));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("reads the listing under the base URL's path, with the route's headers", async () => {
    const route = {
      apiType: "anthropic" as const,
      baseUrl: `${url}/gw`,
      headers: { "x-key": "k" },
    };
    expect(await listEndpointModels(route)).toEqual(["claude-sonnet-5"]);
    expect(seen.at(-1)?.path).toBe("/gw/v1/models?limit=1000");
    expect(seen.at(-1)?.headers["x-key"]).toBe("k");
    expect(seen.at(-1)?.headers["anthropic-version"]).toBe("2023-06-01");
  });

  it("lists nothing for an error, a timeout or another protocol", async () => {
    const route = { apiType: "anthropic" as const, headers: {} };
    expect(await listEndpointModels({ ...route, baseUrl: `${url}/broken/` })).toBeUndefined();
    expect(await listEndpointModels({ ...route, baseUrl: `${url}/slow` }, 200)).toBeUndefined();
    const before = seen.length;
    expect(
      await listEndpointModels({ apiType: "bedrock", baseUrl: url, headers: {} }),
    ).toBeUndefined();
    expect(seen.length).toBe(before);
  });
});
