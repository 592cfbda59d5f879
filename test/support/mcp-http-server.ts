/**
 * A tiny real MCP server for scenarios over the network, on 127.0.0.1: the same `echo`
 * tool as `mcp-echo-server.ts`, served both as Streamable HTTP (`/mcp`) and as the older
 * HTTP+SSE transport (`/sse`, posting to `/messages`). It runs inside the test process;
 * it records the headers of every request, so a test can see what the client sent.
 *
 * With `oauth`, `/mcp` wants a bearer token: without one it answers 401 with OAuth
 * protected-resource metadata (RFC 9728), and the server is its own authorization
 * server (RFC 8414 metadata, dynamic client registration, an `/authorize` that
 * redirects at once with a code, as a browser sign-in would, and a `/token` endpoint).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface McpHttpServer {
  /** The Streamable HTTP endpoint. */
  readonly httpUrl: string;
  /** The HTTP+SSE endpoint (the event stream; messages go to `/messages`). */
  readonly sseUrl: string;
  /** Headers of every request, with its path, in order. */
  readonly requests: Array<{ path: string; headers: IncomingMessage["headers"] }>;
  close(): Promise<void>;
}

/** The access token the OAuth flow hands out. */
const TOKEN = "scenario-access-token";

/** The OAuth endpoints of a server started with `oauth`; true when it answered. */
function oauthEndpoint(url: URL, base: string, req: IncomingMessage, res: ServerResponse): boolean {
  const json = (body: unknown, status = 200): true => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    return true;
  };
  switch (url.pathname) {
    case "/.well-known/oauth-protected-resource":
    case "/.well-known/oauth-protected-resource/mcp":
      return json({ resource: `${base}/mcp`, authorization_servers: [base] });
    case "/.well-known/oauth-authorization-server":
      return json({
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
      });
    case "/register":
      return json({ client_id: "scenario-client", redirect_uris: [] }, 201);
    case "/authorize": {
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", "scenario-code");
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.href }).end();
      return true;
    }
    case "/token":
      req.resume();
      return json({ access_token: TOKEN, token_type: "Bearer", expires_in: 3600 });
    default:
      return false;
  }
}

function echoServer(transportName: string): McpServer {
  const server = new McpServer({ name: `echo-${transportName}`, version: "1.0.0" });
  server.registerTool(
    "echo",
    { description: "Echo the text back", inputSchema: { text: z.string() } },
    async ({ text }) => ({ content: [{ type: "text", text: `${transportName} echo: ${text}` }] }),
  );
  return server;
}

export async function startMcpHttpServer(
  options: { oauth?: boolean } = {},
): Promise<McpHttpServer> {
  const requests: McpHttpServer["requests"] = [];
  const sseSessions = new Map<string, SSEServerTransport>();
  const open = new Set<McpServer>();
  let base = "";

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ path: url.pathname, headers: { ...req.headers } });
    if (options.oauth && oauthEndpoint(url, base, req, res)) return;
    if (
      options.oauth &&
      url.pathname === "/mcp" &&
      req.headers.authorization !== `Bearer ${TOKEN}`
    ) {
      res
        .writeHead(401, {
          "www-authenticate": `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
        })
        .end();
      return;
    }
    if (url.pathname === "/mcp") {
      // Stateless: a fresh server and transport per request, as the SDK's example does.
      const server = echoServer("http");
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
      return;
    }
    if (url.pathname === "/sse" && req.method === "GET") {
      const server = echoServer("sse");
      const transport = new SSEServerTransport("/messages", res);
      sseSessions.set(transport.sessionId, transport);
      open.add(server);
      res.on("close", () => {
        sseSessions.delete(transport.sessionId);
        open.delete(server);
        void server.close();
      });
      await server.connect(transport);
      return;
    }
    if (url.pathname === "/messages" && req.method === "POST") {
      const transport = sseSessions.get(url.searchParams.get("sessionId") ?? "");
      if (!transport) {
        res.writeHead(404).end("unknown session");
        return;
      }
      await transport.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404).end();
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    httpUrl: `${base}/mcp`,
    sseUrl: `${base}/sse`,
    requests,
    async close() {
      for (const server of open) await server.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
