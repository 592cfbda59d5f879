import { describe, expect, it } from "vitest";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

describe("prompt content reaches Claude", () => {
  it("text, image, @-mention and embedded resource become one user message", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "seen" }] }] });
    await s.initialize();
    const sessionId = await s.newSession();
    const uri = `file://${s.workspace}/notes.md`;
    const response = await s.agent.request("session/prompt", {
      sessionId,
      prompt: [
        { type: "text", text: "Compare these:" },
        { type: "image", mimeType: "image/png", data: PNG_1PX },
        { type: "resource_link", uri: `file://${s.workspace}/src/app.ts`, name: "app.ts" },
        {
          type: "resource",
          resource: { uri, mimeType: "text/markdown", text: "# Notes\nship it" },
        },
      ],
    });
    expect(response.stopReason).toBe("end_turn");
    const user = s.model
      .mainRequests()[0]!
      .body.messages.filter((m: { role: string }) => m.role === "user")
      .at(-1);
    const blocks = user.content as Array<{
      type: string;
      text?: string;
      source?: { type: string; media_type: string; data: string };
    }>;
    const texts = blocks.filter((b) => b.type === "text").map((b) => b.text!);
    expect(texts).toContain("Compare these:");
    expect(texts).toContain(`[@app.ts](file://${s.workspace}/src/app.ts)`);
    expect(texts).toContain(`[@notes.md](${uri})`);
    const context = texts.findIndex((t) => t.includes(`<context ref="${uri}">`));
    expect(texts[context]).toContain("# Notes\nship it");
    // Embedded text comes after all the content the user wrote.
    expect(context).toBeGreaterThan(texts.indexOf(`[@notes.md](${uri})`));
    const image = blocks.find((b) => b.type === "image");
    expect(image?.source).toEqual({ type: "base64", media_type: "image/png", data: PNG_1PX });
  });
});

describe("embedded text blobs", () => {
  it("are decoded by their charset, +json types included", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "seen" }] }] });
    await s.initialize();
    const sessionId = await s.newSession();
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9]).toString("base64"); // "café"
    const ld = Buffer.from('{"@id":"x"}').toString("base64");
    await s.agent.request("session/prompt", {
      sessionId,
      prompt: [
        { type: "text", text: "Read these" },
        {
          type: "resource",
          resource: {
            uri: "file:///w/menu.txt",
            mimeType: "text/plain; charset=ISO-8859-1",
            blob: latin1,
          },
        },
        {
          type: "resource",
          resource: { uri: "file:///w/doc.jsonld", mimeType: "application/ld+json", blob: ld },
        },
      ],
    });
    const sent = JSON.stringify(s.model.mainRequests()[0]!.body.messages);
    expect(sent).toContain('<context ref=\\"file:///w/menu.txt\\">\\ncafé\\n</context>');
    expect(sent).toContain('{\\"@id\\":\\"x\\"}');
  });
});

describe("prompt origin", () => {
  it("a prompt is the user's own: Claude Code's human-only keyword (ultracode) takes effect", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "ok" }] }] });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "ultracode: review this repository");
    const sent = JSON.stringify(s.model.mainRequests()[0]!.body.messages);
    expect(sent).toContain("<command-name>workflow-authoring</command-name>");
  });
});
