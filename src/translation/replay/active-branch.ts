import type { EntryLink } from "./transcript-entry.js";

/**
 * A rewind not yet followed by a message (`sdk/transcripts/rewind-marker.ts`): while the
 * file's tip is still `from`, the branch ends at entry `to`.
 */
export interface RewoundTip {
  readonly from: string;
  readonly to: string;
}

/**
 * The lines of the conversation a session continues from, in file order.
 *
 * Claude Code stores a tree: each entry names its parent (`parentUuid`); a rewind or a
 * fork leaves abandoned branches in the file, and the newest message is the tip of the
 * branch the session is on. The branch is that message and its ancestors. Two
 * exceptions, both seen in Claude Code 2.1.318 transcripts:
 * - a compaction boundary starts a new root but names the conversation before it
 *   (`logicalParentUuid`); the replay shows the whole history, so the walk goes on;
 * - parallel tool uses are chained one after another, and each result hangs under its
 *   own tool use, so all but the last result are off the walked path: a result that
 *   answers a tool use on the branch belongs to the branch.
 * Subagent entries (`isSidechain`) are never on the main branch.
 * A rewind (`rewound`) moves the tip back to the kept entry while the file's tip is the
 * one it replaced; once a newer message follows, the file's tip rules again.
 */
export function activeBranch(links: readonly EntryLink[], rewound?: RewoundTip): number[] {
  const byUuid = new Map<string, EntryLink>();
  let tip: EntryLink | undefined;
  let lastLine = 0;
  for (const link of links) {
    byUuid.set(link.uuid, link);
    if (link.message && !link.sidechain && (!tip || link.line > tip.line)) tip = link;
    if (link.line > lastLine) lastLine = link.line;
  }
  if (rewound && tip?.uuid === rewound.from) tip = byUuid.get(rewound.to) ?? tip;
  // Lines on the branch, as flags by line number: the walk runs for every entry of a
  // history, mostly before V8 optimises it (src/util/tiering.ts), where a typed array
  // costs a fraction of a Set, and the lines come out in order without a sort.
  const onBranch = new Uint8Array(lastLine + 1);
  const toolUses = new Set<string>();
  const answered = new Set<string>();
  for (let link = tip; link && onBranch[link.line] === 0;) {
    onBranch[link.line] = 1;
    addAll(toolUses, link.toolUseIds);
    addAll(answered, link.toolResultIds);
    const parent = link.parentUuid ?? link.logicalParentUuid;
    link = parent ? byUuid.get(parent) : undefined;
  }
  for (const link of links) {
    if (onBranch[link.line] === 1 || link.sidechain || link.toolResultIds.length === 0) continue;
    const ids = link.toolResultIds;
    if (ids.every((id) => toolUses.has(id) && !answered.has(id))) {
      onBranch[link.line] = 1;
      addAll(answered, ids);
    }
  }
  const lines: number[] = [];
  for (let line = 0; line < onBranch.length; line++) if (onBranch[line] === 1) lines.push(line);
  return lines;
}

/** Index loops: for-of over these (mostly empty) arrays took half of the walk's time. */
function addAll(set: Set<string>, ids: readonly string[]): void {
  for (let i = 0; i < ids.length; i++) set.add(ids[i]!);
}
