import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { RoutedUpdate } from "../../src/translation/routed-update.js";

/** `T` with every routed result (`RoutedUpdate[]`, or `{updates: RoutedUpdate[]}`) as plain updates. */
export type Unrouted<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R
    ? (
        ...args: A
      ) => R extends RoutedUpdate[]
        ? SessionUpdate[]
        : R extends { updates: RoutedUpdate[] }
          ? Omit<R, "updates"> & { updates: SessionUpdate[] }
          : R
    : T[K] extends object
      ? Unrouted<T[K]>
      : T[K];
};

function isRouted(value: unknown): value is RoutedUpdate[] {
  return (
    Array.isArray(value) &&
    value.every((v) => v !== null && typeof v === "object" && "target" in v && "update" in v)
  );
}

function unwrap(value: unknown): unknown {
  if (isRouted(value)) return value.map((r) => r.update);
  if (value !== null && typeof value === "object" && "updates" in value) {
    const { updates } = value as { updates: unknown };
    if (isRouted(updates)) return { ...value, updates: updates.map((r) => r.update) };
  }
  return value;
}

/**
 * A translator whose methods answer plain updates: for tests of what a translator says,
 * where the target (root or child) is not the point (`routed-update.ts` tests that).
 */
export function unrouted<T extends object>(translator: T): Unrouted<T> {
  return new Proxy(translator, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value === "function") {
        return (...args: unknown[]) =>
          unwrap((value as (...a: unknown[]) => unknown).apply(target, args));
      }
      if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        return unrouted(value);
      }
      return value;
    },
  }) as unknown as Unrouted<T>;
}
