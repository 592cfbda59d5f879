import { describe, expect, it } from "vitest";
import { fromAcpPrompt, UnsupportedPromptContent } from "./prompt.js";

describe("fromAcpPrompt", () => {
  it("keeps text and rewrites an MCP prompt invocation", () => {
    expect(fromAcpPrompt([{ type: "text", text: "/mcp:github:pr 12" }])).toEqual([
      { type: "text", text: "/github:pr (MCP) 12" },
    ]);
  });

  it("turns a resource link into a markdown mention", () => {
    expect(
      fromAcpPrompt([
        { type: "text", text: "look at" },
        { type: "resource_link", uri: "file:///w/src/a.ts", name: "a.ts" },
      ]),
    ).toEqual([
      { type: "text", text: "look at" },
      { type: "text", text: "[@a.ts](file:///w/src/a.ts)" },
    ]);
  });

  it("puts embedded text after all content as context", () => {
    expect(
      fromAcpPrompt([
        { type: "resource", resource: { uri: "file:///w/b.md", text: "hello" } },
        { type: "text", text: "summarize" },
      ]),
    ).toEqual([
      { type: "text", text: "[@b.md](file:///w/b.md)" },
      { type: "text", text: "summarize" },
      { type: "text", text: '\n<context ref="file:///w/b.md">\nhello\n</context>' },
    ]);
  });

  it("maps images by data and by URL", () => {
    expect(
      fromAcpPrompt([
        { type: "image", mimeType: "image/png", data: "AAAA" },
        { type: "image", mimeType: "image/png", data: "", uri: "https://x.test/i.png" },
      ]),
    ).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
      { type: "image", source: { type: "url", url: "https://x.test/i.png" } },
    ]);
  });

  it("maps embedded blobs by MIME type", () => {
    const out = fromAcpPrompt([
      {
        type: "resource",
        resource: { uri: "file:///w/p.pdf", blob: "UERG", mimeType: "application/pdf" },
      },
      {
        type: "resource",
        resource: {
          uri: "file:///w/c.json",
          blob: Buffer.from("{}").toString("base64"),
          mimeType: "application/json",
        },
      },
      {
        type: "resource",
        resource: { uri: "file:///w/x.bin", blob: "AA", mimeType: "application/octet-stream" },
      },
    ]);
    expect(out).toEqual([
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "UERG" } },
      { type: "text", text: "[@c.json](file:///w/c.json)" },
      { type: "text", text: '\n<context ref="file:///w/c.json">\n{}\n</context>' },
    ]);
  });

  it("rejects audio", () => {
    expect(() => fromAcpPrompt([{ type: "audio", mimeType: "audio/wav", data: "AA" }])).toThrow(
      UnsupportedPromptContent,
    );
  });
});
