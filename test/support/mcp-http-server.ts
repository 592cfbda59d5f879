/**
 * A tiny real MCP server for scenarios over the network, on 127.0.0.1: the same `echo`
 * tool as `mcp-echo-server.ts`, served both as Streamable HTTP (`/mcp`) and as the older
 * HTTP+SSE transport (`/sse`, posting to `/messages`). It runs inside the test process;
 * it records the headers of every request, so a test can see what the client sent.
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

function echoServer(transportName: string): McpServer {
  const server = new McpServer({ name: `echo-${transportName}`, version: "1.0.0" });
  server.registerTool(
    "echo",
    { description: "Echo the text back", inputSchema: { text: z.string() } },
    async ({ text }) => ({ content: [{ type: "text", text: `${transportName} echo: ${text}` }] }),
  );
  return server;
}

export async function startMcpHttpServer(): Promise<McpHttpServer> {
  const requests: McpHttpServer["requests"] = [];
  const sseSessions = new Map<string, SSEServerTransport>();
  const open = new Set<McpServer>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ path: url.pathname, headers: { ...req.headers } });
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
  const base = `http://127.0.0.1:${port}`;
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
