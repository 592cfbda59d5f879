import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTempCacheHome } from "../../../test/support/temp-cache-home.js";
import {
  readSummaryCache,
  summaryCachePath,
  writeSummaryCache,
  type CachedSummary,
} from "./summary-cache-file.js";

const cacheHome = useTempCacheHome("summary-cache-");

const entries = new Map<string, CachedSummary>([
  ["/p/a.jsonl", { updatedAtMs: 5, size: 10, summary: { cwd: "/w", title: "Fix it" } }],
  ["/p/b.jsonl", { updatedAtMs: 6, size: 20, summary: { cwd: undefined, title: "No cwd" } }],
  ["/p/c.jsonl", { updatedAtMs: 7, size: 30, summary: undefined }],
  [
    "/p/d.jsonl",
    { updatedAtMs: 8, size: 40, summary: { cwd: "/w", title: "Made", agentWorktree: true } },
  ],
]);

describe("the session list cache file", () => {
  it("round-trips the summaries of a projects folder, under the user's cache folder", () => {
    writeSummaryCache("/config/projects", entries);
    expect(
      summaryCachePath("/config/projects").startsWith(join(cacheHome(), "claude-agent-acp")),
    ).toBe(true);
    expect(readSummaryCache("/config/projects")).toStrictEqual(entries);
  });

  it("ignores a file of the version before agentWorktree", () => {
    writeSummaryCache("/config/projects", entries);
    writeFileSync(
      summaryCachePath("/config/projects"),
      JSON.stringify({
        version: 1,
        projectsDir: "/config/projects",
        entries: [["/p/a.jsonl", 5, 10, "/w", "Fix it"]],
      }),
    );
    expect(readSummaryCache("/config/projects").size).toBe(0);
  });

  it("is empty for another projects folder, a missing file, and a corrupt one", () => {
    writeSummaryCache("/config/projects", entries);
    expect(readSummaryCache("/other/projects").size).toBe(0);
    rmSync(summaryCachePath("/config/projects"));
    expect(readSummaryCache("/config/projects").size).toBe(0);
    writeFileSync(summaryCachePath("/config/projects"), '{"version":1,"projectsDir":"/config/pro');
    expect(readSummaryCache("/config/projects").size).toBe(0);
    writeFileSync(
      summaryCachePath("/config/projects"),
      JSON.stringify({ version: 1, projectsDir: "/config/projects", entries: [["/p", "x"]] }),
    );
    expect(readSummaryCache("/config/projects").size).toBe(0);
  });
});
