import { afterEach, describe, expect, it } from "vitest";
import type {
  CreateElicitationRequest,
  CreateElicitationResponse,
} from "@agentclientprotocol/sdk/unstable";
import { eventually, toolCallUpdates } from "../support/acp-harness.js";
import { startMcpHttpServer, type McpHttpServer } from "../support/mcp-http-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { claudeProcess, textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

let mcp: McpHttpServer | undefined;
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
});

/** A turn calling the `echo` tool of the server `server`. */
function echoCall(server: string, id: string, text: string) {
  return {
    blocks: [{ type: "tool_use" as const, id, name: `mcp__${server}__echo`, input: { text } }],
  };
}

/** The text of the tool_result for `id` in a request's messages, if any. */
function toolResultText(messages: unknown, id: string): string | undefined {
  for (const message of messages as Array<{ content: unknown }>) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Array<Record<string, unknown>>) {
      if (block.type !== "tool_result" || block.tool_use_id !== id) continue;
      const content = block.content;
      if (typeof content === "string") return content;
      return (content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");
    }
  }
  return undefined;
}

describe("client MCP servers over the network", () => {
  it("an http and an sse server from session/new serve their tools; the result goes back to the model", async () => {
    mcp = await startMcpHttpServer();
    const s = await scenario({
      settings: {
        permissions: { defaultMode: "default", allow: ["mcp__web__echo", "mcp__events__echo"] },
      },
      script: [
        echoCall("web", "toolu_http", "over http"),
        echoCall("events", "toolu_sse", "over sse"),
        textTurn("done"),
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession({
      mcpServers: [
        {
          type: "http",
          name: "web",
          url: mcp.httpUrl,
          headers: [{ name: "X-Scenario", value: "http-header" }],
        },
        {
          type: "sse",
          name: "events",
          url: mcp.sseUrl,
          headers: [{ name: "X-Scenario", value: "sse-header" }],
        },
      ],
    });
    expect((await s.prompt(sessionId, "echo twice")).stopReason).toBe("end_turn");

    const [first, second, third] = s.model.mainRequests();
    const tools = (first!.body.tools as Array<{ name: string }>).map((t) => t.name);
    expect(tools).toContain("mcp__web__echo");
    expect(tools).toContain("mcp__events__echo");
    expect(toolResultText(second!.body.messages, "toolu_http")).toBe("http echo: over http");
    expect(toolResultText(third!.body.messages, "toolu_sse")).toBe("sse echo: over sse");

    expect(toolCallUpdates(s, sessionId, "toolu_http").at(-1)).toMatchObject({
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: "http echo: over http" } }],
    });
    expect(toolCallUpdates(s, sessionId, "toolu_sse").at(-1)).toMatchObject({
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: "sse echo: over sse" } }],
    });
    // The client's headers reach the server on each transport.
    const sent = (path: string) =>
      mcp!.requests.filter((r) => r.path === path).map((r) => r.headers["x-scenario"]);
    expect(new Set(sent("/mcp"))).toEqual(new Set(["http-header"]));
    expect(new Set([...sent("/sse"), ...sent("/messages")])).toEqual(new Set(["sse-header"]));
  });
});

/** The user opens the sign-in link: the authorization server redirects to Claude Code's callback. */
async function openSignInLink(url: string): Promise<void> {
  const authorize = await fetch(url, { redirect: "manual" });
  const callback = authorize.headers.get("location");
  if (!callback) throw new Error(`no redirect from ${url}: ${authorize.status}`);
  await (await fetch(callback)).text();
}

describe("MCP sign-in (OAuth)", () => {
  it("a URL client gets Claude Code's sign-in link; a decline ends it, /mcp and a restarted Claude Code ask again, and opening it connects the server", async () => {
    mcp = await startMcpHttpServer({ oauth: true });
    const answers: Array<(r: CreateElicitationRequest) => Promise<CreateElicitationResponse>> = [
      async () => ({ action: "decline" }),
      async () => ({ action: "decline" }),
      async (request) => {
        await openSignInLink((request as { url: string }).url);
        return { action: "accept" };
      },
    ];
    const s = await scenario({
      script: [textTurn("back")],
      onElicitation: (request) => answers.shift()!(request),
    });
    await s.initialize({ elicitation: { form: {}, url: {} } });
    const sessionId = await s.newSession({
      mcpServers: [{ type: "http", name: "web", url: mcp.httpUrl, headers: [] }],
    });
    await eventually("the sign-in link", () => s.elicitations.length === 1, 30_000);
    const base = new URL(mcp.httpUrl).origin;
    expect(s.elicitations[0]).toEqual({
      mode: "url",
      sessionId,
      message: "Sign in to the MCP server web",
      url: expect.stringMatching(new RegExp(`^${base}/authorize\\?`)),
      elicitationId: expect.stringMatching(/^mcp-oauth-/),
    });
    // Declined: the server still waits; `/mcp` says so and shows the link again.
    await s.prompt(sessionId, "/mcp");
    expect(s.agentText(sessionId)).toContain("⚠ **web**: needs-auth");
    expect(s.agentText(sessionId)).toContain(
      "Sign-in needed for **web**: follow the sign-in link your client shows.",
    );
    await eventually("the second sign-in link", () => s.elicitations.length === 2, 30_000);
    // Declined again; Claude Code stops: the one that replaces it asks at its start.
    process.kill(claudeProcess(s)!, "SIGKILL");
    await eventually("Claude Code gone", () => claudeProcess(s) === undefined, 30_000);
    // The next prompt hears of the exit; the one after starts a new Claude Code.
    await expect(s.prompt(sessionId, "hello")).rejects.toMatchObject({ code: -32603 });
    expect((await s.prompt(sessionId, "hello again")).stopReason).toBe("end_turn");
    await eventually("the restart's sign-in link", () => s.elicitations.length === 3, 30_000);
    const third = (s.elicitations[2] as { elicitationId: string }).elicitationId;
    await eventually(
      "elicitation/complete",
      () => s.extNotifications.some((n) => n.method === "elicitation/complete"),
      30_000,
    );
    expect(s.extNotifications.filter((n) => n.method === "elicitation/complete")).toEqual([
      { method: "elicitation/complete", params: { elicitationId: third } },
    ]);
    await s.prompt(sessionId, "/mcp");
    expect(s.agentText(sessionId)).toContain("✔ **web**: connected · 1 tool");
    // Claude Code signed in with the token it got.
    expect(
      mcp.requests.some((r) => r.headers.authorization === "Bearer scenario-access-token"),
    ).toBe(true);
    expect(s.elicitations).toHaveLength(3);
  });

  it("a client without URL elicitation is told, never asked; /mcp auth gives it the link, and takes the address pasted back", async () => {
    mcp = await startMcpHttpServer({ oauth: true });
    const s = await scenario({ script: [] });
    await s.initialize({ elicitation: { form: {} } });
    const sessionId = await s.newSession({
      mcpServers: [{ type: "http", name: "web", url: mcp.httpUrl, headers: [] }],
    });
    // The start notice, as a message line for a client without `session.notices`.
    const notice =
      '**MCP server needs sign-in:** MCP server "web" needs a sign-in, and this client cannot open a sign-in link (it declares no URL elicitation): run `/mcp auth web` for the link to open yourself.';
    await eventually("the start notice", () => s.agentText(sessionId).includes(notice), 30_000);
    await s.prompt(sessionId, "/mcp");
    expect(s.agentText(sessionId)).toContain(
      "Sign-in needed for **web**: run `/mcp auth <server>` to sign in.",
    );
    expect(mcp.requests.some((r) => r.path === "/authorize")).toBe(false);
    // `/mcp auth`: Claude Code's sign-in link as text; the user opens it themselves.
    await s.prompt(sessionId, "/mcp auth web");
    const base = new URL(mcp.httpUrl).origin;
    const link = new RegExp(
      `To sign in to \\*\\*web\\*\\*, open this link in your browser:\n\n(${base}/authorize\\?\\S+)\n\nThe server connects once you have signed in \\(\`/mcp\` shows it\\)\\. If the page your browser is sent to then does not load \\(Claude Code waits for it on its own machine\\), run \`/mcp auth web <address>\` with the address from the browser's address bar\\.`,
    ).exec(s.agentText(sessionId));
    expect(link).not.toBeNull();
    // A browser on another machine: the page after signing in (Claude Code's localhost
    // callback) does not load; the user pastes its address.
    const authorize = await fetch(link![1]!, { redirect: "manual" });
    const callback = authorize.headers.get("location")!;
    expect(callback).toMatch(/^http:\/\/localhost:\d+\/callback\?code=scenario-code&state=/);
    await s.prompt(sessionId, "/mcp auth web http://localhost:1/callback?code=x&state=other");
    expect(s.agentText(sessionId)).toContain(
      "Claude Code did not take that address for **web**: Callback URL not accepted",
    );
    await s.prompt(sessionId, `/mcp auth web ${callback}`);
    expect(s.agentText(sessionId)).toContain(
      "Signed in to **web**: the server connects in a moment (`/mcp` shows it).",
    );
    // Claude Code connects the server with the token it got, in a moment.
    const connected = "✔ **web**: connected · 1 tool";
    for (let i = 0; i < 40 && !s.agentText(sessionId).includes(connected); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await s.prompt(sessionId, "/mcp");
    }
    expect(s.agentText(sessionId)).toContain(connected);
    expect(
      mcp.requests.some((r) => r.headers.authorization === "Bearer scenario-access-token"),
    ).toBe(true);
    expect(s.elicitations).toEqual([]);
  });

  it("/mcp auth signs in a server from Claude Code's own settings; /mcp says how; others get a clear line", async () => {
    mcp = await startMcpHttpServer({ oauth: true });
    const s = await scenario({
      script: [],
      onElicitation: async (request) => {
        await openSignInLink((request as { url: string }).url);
        return { action: "accept" };
      },
    });
    await s.initialize({ elicitation: { form: {}, url: {} } });
    const sessionId = await s.newSession({
      _meta: {
        claudeCode: { options: { mcpServers: { docs: { type: "http", url: mcp.httpUrl } } } },
      },
    });
    // Not a client server: nothing signs it in by itself; `/mcp` tells how.
    await s.prompt(sessionId, "/mcp");
    expect(s.agentText(sessionId)).toContain("⚠ **docs**: needs-auth");
    expect(s.agentText(sessionId)).toContain(
      "Sign-in needed for **docs**: run `/mcp auth <server>` to sign in.",
    );
    expect(s.elicitations).toEqual([]);

    await s.prompt(sessionId, "/mcp auth docs");
    expect(s.agentText(sessionId)).toContain(
      "Signing in to **docs**: follow the sign-in link your client shows.",
    );
    await eventually(
      "elicitation/complete",
      () => s.extNotifications.some((n) => n.method === "elicitation/complete"),
      30_000,
    );
    const base = new URL(mcp.httpUrl).origin;
    expect(s.elicitations).toEqual([
      {
        mode: "url",
        sessionId,
        message: "Sign in to the MCP server docs",
        url: expect.stringMatching(new RegExp(`^${base}/authorize\\?`)),
        elicitationId: expect.stringMatching(/^mcp-oauth-/),
      },
    ]);
    expect(s.extNotifications.filter((n) => n.method === "elicitation/complete")).toEqual([
      {
        method: "elicitation/complete",
        params: { elicitationId: (s.elicitations[0] as { elicitationId: string }).elicitationId },
      },
    ]);
    await s.prompt(sessionId, "/mcp");
    expect(s.agentText(sessionId)).toContain("✔ **docs**: connected · 1 tool");

    await s.prompt(sessionId, "/mcp auth docs");
    expect(s.agentText(sessionId)).toContain("**docs** does not need a sign-in (it is connected).");
    await s.prompt(sessionId, "/mcp auth nowhere");
    expect(s.agentText(sessionId)).toContain(
      "There is no MCP server named **nowhere**: `/mcp` lists them.",
    );
    expect(s.elicitations).toHaveLength(1);
  });
});
