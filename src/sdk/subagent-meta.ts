import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * The subagents of a stored session, by the tool use id that ran each: Claude Code
 * 2.1.318 writes `subagents/agent-<agentId>.meta.json` (`{toolUseId, parentAgentId?, …}`)
 * next to each subagent transcript. A nested subagent's tool result has no structured
 * result (`toolUseResult.agentId`) in its parent's transcript, so this is how a replay
 * finds its transcript. Unreadable files are skipped; no folder: no subagents.
 */
export async function storedSubagents(transcript: string): Promise<Map<string, string>> {
  const dir = join(transcript.replace(/\.jsonl$/, ""), "subagents");
  const byToolUse = new Map<string, string>();
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const agentId = /^agent-(.+)\.meta\.json$/.exec(name)?.[1];
    if (agentId === undefined) continue;
    try {
      const meta = JSON.parse(await readFile(join(dir, name), "utf8")) as { toolUseId?: unknown };
      if (typeof meta.toolUseId === "string") byToolUse.set(meta.toolUseId, agentId);
    } catch {
      // A file Claude Code is still writing, or not JSON: that subagent is not replayed.
    }
  }
  return byToolUse;
}
