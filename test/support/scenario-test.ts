import { afterEach } from "vitest";
import { Scenario, type ScenarioOptions } from "./acp-harness.js";

/**
 * Starts scenarios for one test file and closes each after its test: `close()` fails
 * the test when a process of the scenario is still running.
 */
export function useScenarios(): (options?: ScenarioOptions) => Promise<Scenario> {
  const open: Scenario[] = [];
  afterEach(async () => {
    const closing = open.splice(0).map((s) => s.close());
    const results = await Promise.allSettled(closing);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  });
  return async (options) => {
    const scenario = await Scenario.start(options);
    open.push(scenario);
    return scenario;
  };
}
