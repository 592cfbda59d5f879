import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { ClientPort } from "../../client/client-port.js";
import { QuotaBook } from "../../translation/quota/book.js";
import { RateLimitBook } from "./rate-limit-book.js";
import { projectFolderName } from "../../sdk/transcript-paths.js";
import { LodyRateLimitsTap, LodyUsageTap } from "./accounting.js";
import { Outbox } from "../../session/outbox.js";

/** A client that records every notification and the answers the test resolves, in order. */
function recording(): { client: ClientPort; sent: unknown[] } {
  const sent: unknown[] = [];
  const client: ClientPort = {
    sessionUpdate: () => Promise.resolve(),
    sessionUpdates: () => Promise.reject(new Error("not in this test")),
    requestPermission: () => Promise.reject(new Error("not in this test")),
    elicit: () => Promise.reject(new Error("not in this test")),
    notify: (method, params) => {
      sent.push({ method, params });
      return Promise.resolve();
    },
  };
  return { client, sent };
}

const MODEL = "claude-test";
const row = (inputTokens: number) => ({
  inputTokens,
  outputTokens: 10,
  cacheReadInputTokens: 0,
  cacheCreationInputTokens: 0,
  webSearchRequests: 0,
  costUSD: inputTokens / 1000,
});
const result = (uuid: string, inputTokens: number, subtype = "success") =>
  ({
    type: "result",
    subtype,
    uuid,
    usage: { input_tokens: 1, output_tokens: 2 },
    modelUsage: { [MODEL]: row(inputTokens) },
  }) as unknown as SDKMessage;

function inputOf(sent: unknown): number {
  return (sent as { params: { modelUsage: Record<string, { inputTokens: number }> } }).params
    .modelUsage[MODEL]!.inputTokens;
}

const flushed = (outbox: Outbox) => new Promise<void>((resolve) => outbox.after(resolve));

describe("LodyUsageTap", () => {
  const cwd = mkdtempSync(join(tmpdir(), "lody-usage-"));
  const config = mkdtempSync(join(tmpdir(), "lody-config-"));
  afterEach(() => vi.unstubAllEnvs());
  afterAll(() => {
    for (const dir of [cwd, config]) rmSync(dir, { recursive: true, force: true });
  });

  it("sends each result's scope before what was queued after it, also after a cancel", async () => {
    const { client, sent } = recording();
    const outbox = new Outbox("s1", client);
    const tap = new LodyUsageTap({ sessionId: "s1", cwd, client, outbox });
    tap.queryStarted("new", "s1");
    tap.observe(result("r1", 100));
    outbox.after(() => sent.push("answer 1"));
    outbox.hush(); // a cancel: the cancelled turn's spend is still billed
    tap.observe(result("r2", 150, "error_during_execution"));
    outbox.after(() => sent.push("answer 2"));
    await flushed(outbox);
    expect(sent.map((s) => (typeof s === "string" ? s : inputOf(s)))).toEqual([
      100,
      "answer 1",
      50,
      "answer 2",
    ]);
  });

  it("a resumed query starts from the transcript's cost-state; a new one from zero", async () => {
    vi.stubEnv("CLAUDE_CONFIG_DIR", config);
    const id = "11111111-2222-3333-4444-555555555555";
    const dir = join(config, "projects", projectFolderName(cwd));
    mkdirSync(dir, { recursive: true });
    const state = { type: "cost-state", sessionId: id, modelUsage: { [MODEL]: row(400) } };
    writeFileSync(join(dir, `${id}.jsonl`), JSON.stringify(state) + "\n");
    const { client, sent } = recording();
    const outbox = new Outbox(id, client);
    const tap = new LodyUsageTap({ sessionId: id, cwd, client, outbox });
    tap.queryStarted("resume", id);
    tap.observe(result("r1", 430));
    await flushed(outbox);
    tap.queryStarted("new", id); // a plan handoff's fresh conversation
    tap.observe(result("r2", 20));
    await flushed(outbox);
    expect(sent.map(inputOf)).toEqual([30, 20]);
  });
});

describe("LodyRateLimitsTap", () => {
  it("pushes the book's snapshot after a result once a window is known", async () => {
    const { client, sent } = recording();
    const outbox = new Outbox("s1", client);
    const quota = new QuotaBook();
    const book = new RateLimitBook(quota);
    const tap = new LodyRateLimitsTap({ sessionId: "s1", cwd: "/", client, outbox }, book);
    tap.observe(result("r1", 1));
    await flushed(outbox);
    expect(sent).toEqual([]);
    // The core's quota tap records a session's rate limits in the account's book.
    quota.record(
      { status: "allowed", rateLimitType: "five_hour", utilization: 0.3, resetsAt: 9 },
      1,
    );
    tap.observe(result("r2", 2));
    await flushed(outbox);
    expect(sent).toStrictEqual([
      {
        method: "_lody/rate_limits/update",
        params: {
          rateLimits: [
            {
              limitId: "claude",
              scope: { providerId: "claude" },
              windows: [{ usedPercent: 30, windowDurationSeconds: 18000, resetsAtEpochSeconds: 9 }],
            },
          ],
          fetchedAtEpochSeconds: expect.any(Number),
        },
      },
    ]);
  });
});
