import { describe, expect, it } from "vitest";
import {
  fileChangeReportUpdate,
  MAX_REPORT_BYTES,
  previewedFiles,
  reportedFileChanges,
  unavailableFileChanges,
} from "./report.js";

const ROOTS = ["/ws", "/extra/dir"];
const reported = (paths: string[], truncated: boolean) => ({
  version: 1,
  requestId: "r1",
  status: "reported",
  paths,
  declaredComplete: false,
  truncated,
});

describe("previewedFiles", () => {
  it.each<[string, unknown, readonly string[] | undefined]>([
    ["a rewind with files", { canRewind: true, filesChanged: ["/ws/a"], insertions: 1 }, ["/ws/a"]],
    ["a rewind with no files", { canRewind: true, filesChanged: [] }, []],
    ["no file list", { canRewind: true }, undefined],
    ["a file list that is not an array", { canRewind: true, filesChanged: "/ws/a" }, undefined],
    ["a file that is not a string", { canRewind: true, filesChanged: ["/ws/a", 3] }, undefined],
    ["cannot rewind", { canRewind: false, error: "No file checkpoint found" }, undefined],
    ["cannot rewind, with files", { canRewind: false, filesChanged: ["/ws/a"] }, undefined],
    ["canRewind not a boolean", { canRewind: "true", filesChanged: [] }, undefined],
    ["null", null, undefined],
    ["undefined", undefined, undefined],
  ])("%s", (_name, preview, expected) => {
    expect(previewedFiles(preview)).toEqual(expected);
  });
});

describe("reportedFileChanges", () => {
  it.each<[string, string[], ReturnType<typeof reported>]>([
    [
      "files inside the roots",
      ["/ws/a.ts", "/extra/dir/b/c.ts"],
      reported(["/ws/a.ts", "/extra/dir/b/c.ts"], false),
    ],
    ["no files", [], reported([], false)],
    ["a repeated file, once", ["/ws/a", "/ws/a"], reported(["/ws/a"], false)],
    ["the SDK's order", ["/ws/z", "/ws/a"], reported(["/ws/z", "/ws/a"], false)],
    ["a file outside the roots", ["/ws/a", "/outside/o"], reported(["/ws/a"], true)],
    ["a sibling that shares the root's prefix", ["/wsx/a", "/ws/a"], reported(["/ws/a"], true)],
    ["a root itself", ["/ws", "/extra/dir"], reported([], true)],
    ["a root with a trailing separator", ["/ws/"], reported([], true)],
    ["the parent of a root", ["/extra"], reported([], true)],
    ["a relative path", ["ws/a"], reported([], true)],
    ["a path with dot segments", ["/ws/../etc/passwd", "/ws/./a"], reported([], true)],
    ["a newline", ["/ws/a\nb"], reported([], true)],
    ["a tab", ["/ws/a\tb"], reported([], true)],
    ["DEL", ["/ws/a\u007fb"], reported([], true)],
    ["a C1 control", ["/ws/a\u0085b"], reported([], true)],
    ["a non-ASCII letter", ["/ws/é"], reported(["/ws/é"], false)],
  ])("%s", (_name, files, expected) => {
    expect(reportedFileChanges("r1", files, ROOTS)).toStrictEqual(expected);
  });

  it("keeps a path of 4,096 characters and drops one of 4,097", () => {
    const exact = `/ws/${"a".repeat(4092)}`;
    const long = `/ws/${"b".repeat(4093)}`;
    expect(reportedFileChanges("r1", [exact, long], ROOTS)).toStrictEqual(reported([exact], true));
  });

  it("counts characters, not UTF-16 units, in a path's length", () => {
    const astral = `/ws/${"😀".repeat(4092)}`; // 4,096 characters, 8,188 UTF-16 units
    expect(reportedFileChanges("r1", [astral], ROOTS)).toStrictEqual(reported([astral], false));
  });

  it("keeps at most 1,024 paths", () => {
    const files = Array.from({ length: 1025 }, (_, i) => `/ws/f${i}`);
    expect(reportedFileChanges("r1", files, ROOTS)).toStrictEqual(
      reported(files.slice(0, 1024), true),
    );
    expect(reportedFileChanges("r1", files.slice(0, 1024), ROOTS)).toStrictEqual(
      reported(files.slice(0, 1024), false),
    );
  });

  it("keeps the serialized report within 256 KiB", () => {
    const files = Array.from({ length: 100 }, (_, i) => `/ws/${String(i).padStart(4000, "0")}`);
    const report = reportedFileChanges("r1", files, ROOTS);
    const size = Buffer.byteLength(JSON.stringify(report));
    expect(report).toStrictEqual(reported(files.slice(0, 65), true));
    expect(size).toBeLessThanOrEqual(MAX_REPORT_BYTES);
    // One more path would not have fitted.
    expect(size + JSON.stringify(files[65]).length + 1).toBeGreaterThan(MAX_REPORT_BYTES);
  });

  it("fills the 256 KiB exactly", () => {
    const base = Buffer.byteLength(JSON.stringify(reported([], false)));
    // 128 paths that fill the budget to the byte: `each` bytes per path in the JSON,
    // quotes included, one comma between two, the last one `rest` bytes longer.
    const each = Math.floor((MAX_REPORT_BYTES - base + 127) / 128);
    const rest = MAX_REPORT_BYTES - base - (each * 128 + 127);
    const path = (i: number, bytes: number) => `/ws/${String(i).padStart(bytes - 6, "0")}`;
    const files = [...Array.from({ length: 127 }, (_, i) => path(i, each)), path(127, each + rest)];
    const report = reportedFileChanges("r1", files, ROOTS);
    expect(Buffer.byteLength(JSON.stringify(report))).toBe(MAX_REPORT_BYTES);
    expect(report).toStrictEqual(reported(files, false));
    const over = [...files.slice(0, 127), path(127, each + rest + 1)];
    expect(reportedFileChanges("r1", over, ROOTS)).toStrictEqual(
      reported(files.slice(0, 127), true),
    );
  });

  it("counts the bytes of a non-ASCII path", () => {
    // 4,000 characters of 3 bytes each: 22 such paths pass 256 KiB.
    const files = Array.from({ length: 30 }, (_, i) => `/ws/${i}${"€".repeat(3990)}`);
    const report = reportedFileChanges("r1", files, ROOTS);
    expect(report).toStrictEqual(reported(files.slice(0, 21), true));
  });

  it("drops a root inside another root", () => {
    expect(
      reportedFileChanges("r1", ["/ws/nested", "/ws/nested/a"], ["/ws", "/ws/nested"]),
    ).toStrictEqual(reported(["/ws/nested/a"], true));
  });

  it("takes a root of / as every absolute path", () => {
    expect(reportedFileChanges("r1", ["/a", "/"], ["/"])).toStrictEqual(reported(["/a"], true));
  });
});

describe("unavailableFileChanges", () => {
  it.each(["cancelled", "timeout", "invalidOutput", "providerError"] as const)("%s", (reason) => {
    expect(unavailableFileChanges("r1", reason)).toStrictEqual({
      version: 1,
      requestId: "r1",
      status: "unavailable",
      reason,
    });
  });
});

describe("fileChangeReportUpdate", () => {
  it("carries the report in session_info_update _meta.jetbrains.air", () => {
    expect(fileChangeReportUpdate(unavailableFileChanges("r1", "timeout"))).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: {
        jetbrains: {
          air: {
            version: 1,
            agentFileChangeReport: {
              version: 1,
              requestId: "r1",
              status: "unavailable",
              reason: "timeout",
            },
          },
        },
      },
    });
  });
});
