/** Limits of the early buffer (contract §4, "Claude ref"). */
export const EARLY_LIMITS = { total: 256, parents: 64, perParent: 32 } as const;

/**
 * Child updates that came before their run could start (its Agent / Task call not seen
 * yet), held until it starts: at most 256 in all, for at most 64 parents, 32 each. What
 * does not fit is lost, and the run then starts marked `outputIncomplete`.
 */
export class EarlyOutput<T> {
  private readonly held = new Map<string, T[]>();
  private readonly overflowed = new Set<string>();
  private total = 0;

  constructor(private readonly limits: typeof EARLY_LIMITS = EARLY_LIMITS) {}

  hold(key: string, update: T): void {
    let updates = this.held.get(key);
    if (!updates && this.held.size < this.limits.parents) this.held.set(key, (updates = []));
    if (!updates || updates.length >= this.limits.perParent || this.total >= this.limits.total) {
      if (this.overflowed.size < this.limits.total) this.overflowed.add(key);
      return;
    }
    updates.push(update);
    this.total++;
  }

  /** What was held for `key` (now released), and whether some of it was lost. */
  take(key: string): { readonly updates: readonly T[]; readonly lost: boolean } {
    const updates = this.held.get(key) ?? [];
    const lost = this.overflowed.delete(key);
    this.held.delete(key);
    this.total -= updates.length;
    return { updates, lost };
  }
}
