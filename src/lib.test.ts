import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { ClaudeAcpAgent, PACKAGE_VERSION } from "./lib.js";

/** The first NDJSON line `stream` carries. */
function firstLine(stream: PassThrough): Promise<unknown> {
  return new Promise((resolve) => {
    let text = "";
    stream.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const end = text.indexOf("\n");
      if (end !== -1) resolve(JSON.parse(text.slice(0, end)));
    });
  });
}

describe("the programmatic entry point", () => {
  it("serves ACP over the host's streams and ends when the input ends", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const connection = new ClaudeAcpAgent({ hideClaudeAuth: true }).serve({ input, output });
    const answer = firstLine(output);
    input.write(
      `${JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: 1, clientCapabilities: { auth: { terminal: true } } },
      })}\n`,
    );
    expect(await answer).toMatchObject({
      id: 1,
      result: {
        agentInfo: { name: "claude-agent-acp", version: PACKAGE_VERSION },
        authMethods: [{ id: "console-login", type: "terminal" }],
      },
    });
    input.end();
    await expect(connection.closed).resolves.toBeUndefined();
  });
});
