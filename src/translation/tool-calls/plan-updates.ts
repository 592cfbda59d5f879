import type { PlanEntry, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { RoutedUpdate, UpdateTarget } from "../routed-update.js";

/**
 * The plan updates of a session's tool calls (TodoWrite, the task tools, a plan tool's
 * input). A client that gets no repeated plan (AIR, "Claude tools and ACP fields": a plan
 * that repeats the previous plan is not sent) gets one only when its entries changed;
 * every other client gets every plan, like upstream.
 */
export class PlanUpdates {
  /** The entries of the last plan sent, when repeats are dropped. */
  private last: string | undefined;

  constructor(private readonly dropRepeats: boolean) {}

  of(target: UpdateTarget, entries: readonly PlanEntry[]): RoutedUpdate[] {
    if (this.dropRepeats) {
      const key = JSON.stringify(entries);
      if (key === this.last) return [];
      this.last = key;
    }
    const update: SessionUpdate = { sessionUpdate: "plan", entries: [...entries] };
    return [{ target, update }];
  }
}
