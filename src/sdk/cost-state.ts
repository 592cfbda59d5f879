import { readFile } from "node:fs/promises";
import { log } from "../util/log.js";
import { findTranscript } from "./transcript-paths.js";
import { isRecord } from "../util/plain-data.js";

/**
 * Claude Code's saved spend (2.1.318, SDK 0.3.318): it appends to a session's transcript
 * `{"type":"cost-state", "sessionId", "totalCostUSD", "modelUsage": {<model>:
 * {inputTokens, outputTokens, thinkingTokens?, cacheReadInputTokens,
 * cacheCreationInputTokens, webSearchRequests, costUSD, ...}}, "hasUnknownModelCost"?,
 * ...}`; the last one for the session wins, and a resumed query restores it, so its
 * first result already carries the spend of the earlier turns. A record naming another
 * session (a copied transcript of a fork) is not restored.
 */
export interface CostState {
  readonly modelUsage: Readonly<Record<string, unknown>>;
  readonly hasUnknownModelCost: boolean;
}

const MARK = '"cost-state"';

/** The last `cost-state` record of `sessionId` in a transcript's text, if any. */
export function lastCostState(text: string, sessionId: string): CostState | undefined {
  let end = text.length;
  while (end > 0) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(start, end);
    end = start - 1;
    if (!line.includes(MARK)) continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue; // a torn line: Claude Code skips it too
    }
    if (!isRecord(record) || record.type !== "cost-state" || record.sessionId !== sessionId)
      continue;
    if (!isRecord(record.modelUsage)) continue;
    return {
      modelUsage: record.modelUsage,
      hasUnknownModelCost: record.hasUnknownModelCost === true,
    };
  }
  return undefined;
}

/**
 * What a resumed query's spend starts from: the transcript's last `cost-state` of the
 * session, `undefined` when there is none (no transcript, no record), `"unreadable"`
 * when the transcript is there but could not be read.
 */
export async function savedCostState(
  sessionId: string,
  cwd: string,
): Promise<CostState | undefined | "unreadable"> {
  const found = await findTranscript(sessionId, cwd).catch(() => undefined);
  if (!found) return undefined;
  try {
    return lastCostState(await readFile(found.path, "utf8"), sessionId);
  } catch (error) {
    log.warn("cost-state not read", { sessionId, message: String(error) });
    return "unreadable";
  }
}
