import { describe, expect, it } from "vitest";
import { fromAcpPrompt, promptText, UnsupportedPromptContent } from "./prompt.js";
import { blobText } from "./prompt.js";

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

  it.each([
    ["with arguments over lines", "/mcp:gh:pr 12\nand more", "/gh:pr (MCP) 12\nand more"],
    ["without arguments", "/mcp:gh:list", "/gh:list (MCP)"],
    ["not at the start", "run /mcp:gh:pr 12", "run /mcp:gh:pr 12"],
    ["without a command", "/mcp:gh:", "/mcp:gh:"],
    ["with a blank in the server", "/mcp:g h:pr", "/mcp:g h:pr"],
  ])("MCP prompt invocation %s", (_name, text, expected) => {
    expect(fromAcpPrompt([{ type: "text", text }])).toEqual([{ type: "text", text: expected }]);
  });

  it("rewrites an MCP prompt only in the first block", () => {
    expect(
      fromAcpPrompt([
        { type: "text", text: "see" },
        { type: "text", text: "/mcp:gh:pr 12" },
      ]),
    ).toEqual([
      { type: "text", text: "see" },
      { type: "text", text: "/mcp:gh:pr 12" },
    ]);
  });

  it.each(["image/png", "image/jpeg", "image/gif", "image/webp"])(
    "takes %s image data and blobs",
    (mimeType) => {
      expect(
        fromAcpPrompt([
          { type: "image", mimeType, data: "AAAA" },
          { type: "resource", resource: { uri: "file:///w/i", blob: "BBBB", mimeType } },
        ]),
      ).toEqual([
        { type: "image", source: { type: "base64", media_type: mimeType, data: "AAAA" } },
        { type: "image", source: { type: "base64", media_type: mimeType, data: "BBBB" } },
      ]);
    },
  );

  it("rejects image data of a type Claude does not read, naming the type", () => {
    expect(() => fromAcpPrompt([{ type: "image", mimeType: "image/bmp", data: "AA" }])).toThrow(
      new UnsupportedPromptContent("image type image/bmp is not supported"),
    );
  });

  it.each([
    [
      "an http URL",
      "http://x.test/i.png",
      [{ type: "image", source: { type: "url", url: "http://x.test/i.png" } }],
    ],
    ["a file URI", "file:///w/i.png", []],
    ["an ftp URL", "ftp://x.test/i.png", []],
    ["a scheme that only contains http", "xhttp://x.test/i.png", []],
    ["no URI", undefined, []],
  ])("an image without data, by %s", (_name, uri, expected) => {
    expect(fromAcpPrompt([{ type: "image", mimeType: "image/png", data: "", uri }])).toEqual(
      expected,
    );
  });

  it("drops an embedded blob of an unknown or missing type", () => {
    expect(
      fromAcpPrompt([
        { type: "resource", resource: { uri: "file:///w/x", blob: "AA" } },
        { type: "resource", resource: { uri: "file:///w/y", blob: "AA", mimeType: "image/bmp" } },
        {
          type: "resource",
          resource: { uri: "file:///w/z", blob: "AA", mimeType: "application/vnd.text/x" },
        },
      ]),
    ).toEqual([]);
  });

  it.each([
    "text/plain",
    "text/x-python",
    "application/json",
    "application/xml",
    "application/yaml",
    "application/x-yaml",
    "application/toml",
    "application/sql",
    "application/javascript",
    "application/typescript",
    "application/x-sh",
  ])("reads a %s blob as text context", (mimeType) => {
    expect(
      fromAcpPrompt([
        {
          type: "resource",
          resource: { uri: "file:///w/f", blob: Buffer.from("é1").toString("base64"), mimeType },
        },
      ]),
    ).toEqual([
      { type: "text", text: "[@f](file:///w/f)" },
      { type: "text", text: '\n<context ref="file:///w/f">\né1\n</context>' },
    ]);
  });

  it.each([
    ["a file URI", "file:///w/src/a.ts", undefined, "[@a.ts](file:///w/src/a.ts)"],
    ["an empty name", "file:///w/src/a.ts", "", "[@a.ts](file:///w/src/a.ts)"],
    ["a name of its own", "file:///w/n.md", "Notes", "[@Notes](file:///w/n.md)"],
    [
      "a URL with query and fragment",
      "https://x.test/d/page?q=1#h",
      null,
      "[@page](https://x.test/d/page?q=1#h)",
    ],
    ["an upper-case scheme", "HTTPS://x.test/d/", null, "[@d](HTTPS://x.test/d/)"],
    ["a bare host", "https://x.test/", null, "[@x.test](https://x.test/)"],
    ["nothing after the scheme", "zed://", null, "[@zed://](zed://)"],
  ])("names a link by its name, or else by its last segment: %s", (_name, uri, name, text) => {
    expect(fromAcpPrompt([{ type: "resource_link", uri, name: name as string }])).toEqual([
      { type: "text", text },
    ]);
  });

  it("rejects audio with its reason", () => {
    expect(() => fromAcpPrompt([{ type: "audio", mimeType: "audio/wav", data: "AA" }])).toThrow(
      new UnsupportedPromptContent("audio prompt content is not supported"),
    );
  });
});

describe("promptText", () => {
  it.each([
    [
      "the first block's text",
      [
        { type: "text" as const, text: "/compact" },
        { type: "text" as const, text: "x" },
      ],
      "/compact",
    ],
    [
      "nothing when the first block is an image",
      [
        { type: "image" as const, source: { type: "url" as const, url: "https://x/i.png" } },
        { type: "text" as const, text: "x" },
      ],
      "",
    ],
    ["nothing for no blocks", [], ""],
  ])("%s", (_name, content, text) => {
    expect(promptText(content)).toBe(text);
  });
});

describe("blobText", () => {
  const b64 = (bytes: number[] | string) =>
    Buffer.from(typeof bytes === "string" ? bytes : Uint8Array.from(bytes)).toString("base64");
  it.each([
    ["text/plain", b64("héllo"), "héllo"],
    ["text/plain; charset=ISO-8859-1", b64([0x68, 0xe9]), "hé"],
    ['text/csv; charset="windows-1252"', b64([0x63, 0xe9]), "cé"],
    ["text/plain; charset=utf-16le", b64([0x68, 0x00, 0x69, 0x00]), "hi"],
    ["text/plain; charset=no-such-charset", b64("ok"), "ok"],
    ["application/ld+json", b64('{"a":1}'), '{"a":1}'],
    ["application/vnd.api+json; charset=utf-8", b64("{}"), "{}"],
    ["image/svg+xml", b64("<svg/>"), "<svg/>"],
    ["Application/JSON", b64("[]"), "[]"],
    ["application/x-sh", b64("ls"), "ls"],
    ["application/octet-stream", b64("x"), undefined],
    ["application/vnd.text/x", b64("x"), undefined],
    ["application/jsonx", b64("x"), undefined],
    ["", b64("x"), undefined],
  ])("%s", (mime, data, expected) => {
    expect(blobText(mime, data)).toBe(expected);
  });
});
