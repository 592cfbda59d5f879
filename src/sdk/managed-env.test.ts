import { afterEach, describe, expect, it } from "vitest";
import { applyManagedEnv, managedEnvApplied, resetManagedEnv } from "./managed-env.js";

afterEach(() => resetManagedEnv());

describe("the managed-policy environment", () => {
  it("copies the policy tier's string env values over this process's, reading no other source", async () => {
    const asked: unknown[] = [];
    const env: NodeJS.ProcessEnv = { KEEP: "1", ANTHROPIC_MODEL: "opus" };
    await applyManagedEnv(async (options) => {
      asked.push(options);
      return { effective: { env: { ANTHROPIC_MODEL: "sonnet", POLICY: "on", BAD: 3 as never } } };
    }, env);
    expect(asked).toEqual([{ settingSources: [] }]);
    expect(env).toEqual({ KEEP: "1", ANTHROPIC_MODEL: "sonnet", POLICY: "on" });
  });

  it("is read once; later callers wait for that reading", async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const env: NodeJS.ProcessEnv = {};
    const first = applyManagedEnv(async () => {
      calls++;
      await new Promise<void>((resolve) => (release = resolve));
      return { effective: { env: { POLICY: "x" } } };
    }, env);
    void applyManagedEnv(async () => ({ effective: {} }), env);
    const waited = managedEnvApplied().then(() => env.POLICY);
    release();
    await first;
    expect(await waited).toBe("x");
    expect(calls).toBe(1);
  });

  it("tolerates a failure and a policy without env", async () => {
    const env: NodeJS.ProcessEnv = { KEEP: "1" };
    await applyManagedEnv(() => Promise.reject(new Error("no plist")), env);
    resetManagedEnv();
    await applyManagedEnv(async () => ({ effective: {} }), env);
    expect(env).toEqual({ KEEP: "1" });
  });

  it("settles at once when nothing asked for it", async () => {
    await expect(managedEnvApplied()).resolves.toBeUndefined();
  });
});
