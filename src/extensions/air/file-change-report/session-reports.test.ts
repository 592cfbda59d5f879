import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RewindPreviewer } from "../../../session/turn/turn-reports.js";
import { canonicalPath, FileChangeReports, PREVIEW_TIMEOUT_MS } from "./session-reports.js";

const root = realpathSync(mkdtempSync(join(tmpdir(), "file-change-reports-")));
const ws = join(root, "ws");
const extra = join(root, "extra");
mkdirSync(join(ws, "src"), { recursive: true });
mkdirSync(extra);
writeFileSync(join(ws, "src/a.ts"), "a");
symlinkSync(ws, join(root, "ws-link"));

const request = (requestId: unknown, more: Record<string, unknown> = {}) => ({
  jetbrains: { air: { agentFileChangeReportRequest: { version: 1, requestId, ...more } } },
});

/** Reports of one session whose query answers the dry run with `preview`. */
function reports(options: { preview?: () => Promise<unknown>; query?: boolean }) {
  const sent: Array<Promise<readonly SessionUpdate[]>> = [];
  const asked: string[] = [];
  const query: RewindPreviewer = {
    previewFileRewind: (id) => {
      asked.push(id);
      return options.preview ? options.preview() : Promise.resolve(undefined);
    },
  };
  const service = new FileChangeReports({
    sessionId: "s1",
    // Through a link: the roots are compared as canonical paths.
    cwd: join(root, "ws-link"),
    additionalDirectories: ["../extra"],
    query: () => (options.query === false ? undefined : query),
    sendBeforeAnswer: (updates) => sent.push(updates),
  });
  /** The reports sent, in order. */
  const sentReports = async () =>
    (await Promise.all(sent)).flat().map((u) => {
      const meta = (u as unknown as { _meta: { jetbrains: { air: Record<string, unknown> } } })
        ._meta;
      return meta.jetbrains.air.agentFileChangeReport;
    });
  return { service, sentReports, asked };
}

const turn = (
  reportRequest: string | undefined,
  userMessageId: string | undefined,
  ranTools = true,
) => ({ prompt: { reportRequest }, userMessageId, ranTools });

describe("FileChangeReports.accept", () => {
  it("accepts a well-formed request once per id", () => {
    const { service } = reports({});
    expect(service.accept(request("r1"))).toBe("r1");
    expect(service.accept(request("r1"))).toBeUndefined();
    expect(service.accept(request("r2"))).toBe("r2");
  });

  it("ignores a malformed request, and does not count its id", () => {
    const { service } = reports({});
    expect(service.accept(request("r1", { extra: 1 }))).toBeUndefined();
    expect(service.accept(undefined)).toBeUndefined();
    expect(service.accept(request("r1"))).toBe("r1");
  });
});

describe("FileChangeReports reports", () => {
  it("reports the previewed files inside the roots, canonical, and drops the others", async () => {
    const files = [
      join(root, "ws-link/src/a.ts"),
      join(ws, "src/deleted.ts"),
      join(extra, "new/b.ts"),
      join(root, "outside.ts"),
    ];
    const { service, sentReports, asked } = reports({
      preview: () => Promise.resolve({ canRewind: true, filesChanged: files }),
    });
    service.turnEnded(turn("r1", "u-42"), false);
    expect(asked).toEqual(["u-42"]);
    expect(await sentReports()).toStrictEqual([
      {
        version: 1,
        requestId: "r1",
        status: "reported",
        paths: [join(ws, "src/a.ts"), join(ws, "src/deleted.ts"), join(extra, "new/b.ts")],
        declaredComplete: false,
        truncated: true,
      },
    ]);
  });

  it("sends nothing for a prompt that asked for no report", async () => {
    const { service, sentReports, asked } = reports({});
    service.turnEnded(turn(undefined, "u1"), false);
    service.turnEnded(turn(undefined, "u1"), true);
    service.cancelled({});
    expect(await sentReports()).toEqual([]);
    expect(asked).toEqual([]);
  });

  it.each<[string, ReturnType<typeof turn>]>([
    ["a command the adapter answered itself", turn("r1", undefined)],
    ["a turn that ran no tool", turn("r1", "u1", false)],
  ])("reports no files, without asking the SDK, for %s", async (_name, ended) => {
    const { service, sentReports, asked } = reports({});
    service.turnEnded(ended, false);
    expect(asked).toEqual([]);
    expect(await sentReports()).toStrictEqual([
      {
        version: 1,
        requestId: "r1",
        status: "reported",
        paths: [],
        declaredComplete: false,
        truncated: false,
      },
    ]);
  });

  const unavailable = (reason: string) => [
    { version: 1, requestId: "r1", status: "unavailable", reason },
  ];

  it.each<[string, () => Promise<unknown>, string]>([
    [
      "cannot rewind",
      () => Promise.resolve({ canRewind: false, error: "No file checkpoint" }),
      "invalidOutput",
    ],
    ["no file list", () => Promise.resolve({ canRewind: true }), "invalidOutput"],
    [
      "the preview failed",
      () => Promise.reject(new Error("control request failed")),
      "providerError",
    ],
    [
      "the preview threw",
      () => {
        throw new Error("query closed");
      },
      "providerError",
    ],
  ])("%s: unavailable (%s)", async (_name, preview, reason) => {
    const { service, sentReports } = reports({ preview });
    service.turnEnded(turn("r1", "u1"), false);
    expect(await sentReports()).toStrictEqual(unavailable(reason));
  });

  it("a failed turn: providerError, without asking the SDK", async () => {
    const { service, sentReports, asked } = reports({});
    service.turnEnded(turn("r1", "u1"), true);
    expect(asked).toEqual([]);
    expect(await sentReports()).toStrictEqual(unavailable("providerError"));
  });

  it("no query: providerError", async () => {
    const { service, sentReports } = reports({ query: false });
    service.turnEnded(turn("r1", "u1"), false);
    expect(await sentReports()).toStrictEqual(unavailable("providerError"));
  });

  it("a cancelled prompt: cancelled", async () => {
    const { service, sentReports, asked } = reports({});
    service.cancelled({ reportRequest: "r1" });
    expect(asked).toEqual([]);
    expect(await sentReports()).toStrictEqual(unavailable("cancelled"));
  });

  describe("the 2-second limit", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("a preview that does not answer within 2 seconds: timeout", async () => {
      const { service, sentReports } = reports({ preview: () => new Promise(() => {}) });
      service.turnEnded(turn("r1", "u1"), false);
      await vi.advanceTimersByTimeAsync(PREVIEW_TIMEOUT_MS);
      expect(await sentReports()).toStrictEqual(unavailable("timeout"));
    });

    it("a preview that answers just in time is reported", async () => {
      const { service, sentReports } = reports({
        preview: () =>
          new Promise((resolve) =>
            setTimeout(
              () => resolve({ canRewind: true, filesChanged: [] }),
              PREVIEW_TIMEOUT_MS - 1,
            ),
          ),
      });
      service.turnEnded(turn("r1", "u1"), false);
      await vi.advanceTimersByTimeAsync(PREVIEW_TIMEOUT_MS);
      vi.useRealTimers();
      expect(await sentReports()).toStrictEqual([
        {
          version: 1,
          requestId: "r1",
          status: "reported",
          paths: [],
          declaredComplete: false,
          truncated: false,
        },
      ]);
    });
  });
});

describe("canonicalPath", () => {
  it.each<[string, string, string]>([
    ["an existing file", join(ws, "src/a.ts"), join(ws, "src/a.ts")],
    ["a file through a link", join(root, "ws-link/src/a.ts"), join(ws, "src/a.ts")],
    ["a missing file in a linked folder", join(root, "ws-link/gone/x.ts"), join(ws, "gone/x.ts")],
    ["dot segments", join(root, "ws-link") + "/src/../src/./a.ts", join(ws, "src/a.ts")],
    ["a relative path, as is", "src/a.ts", "src/a.ts"],
    ["the file system root", "/", "/"],
  ])("%s", async (_name, path, expected) => {
    expect(await canonicalPath(path)).toBe(expected);
  });
});
