import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { BackgroundWorkflows, stopsWorkflowsOnCancel } from "./background-workflows.js";

const air = (...capabilities: string[]) => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});

describe("stopsWorkflowsOnCancel", () => {
  it.each([
    ["a plain client: the interrupt kills them itself", {}, {}, false, false],
    ["native child sessions (RFD)", { subagents: {} }, {}, false, true],
    ["AIR's native child sessions", air("nativeSubagentSessions"), {}, false, true],
    ["the client's own perTaskStopAffordance", {}, { perTaskStopAffordance: true }, false, true],
    ["…not a false one", {}, { perTaskStopAffordance: false }, false, false],
    [
      "AIR asyncTasks: stops tasks one by one",
      air("nativeSubagentSessions", "asyncTasks"),
      {},
      false,
      false,
    ],
    ["a v2 client: its background list", { subagents: {} }, {}, true, false],
  ])("%s", (_name, capabilities, passThrough, v2, expected) => {
    expect(stopsWorkflowsOnCancel(parseClientProfile(capabilities), passThrough, v2)).toBe(
      expected,
    );
  });
});

const changed = (...tasks: Array<[string, string]>) =>
  ({
    type: "system",
    subtype: "background_tasks_changed",
    tasks: tasks.map(([task_id, task_type]) => ({ task_id, task_type, description: "d" })),
  }) as unknown as SDKMessage;

describe("BackgroundWorkflows", () => {
  it("stops the running workflows only, as the last change lists them", () => {
    const stopped: string[] = [];
    const workflows = new BackgroundWorkflows("s", (taskId) => {
      stopped.push(taskId);
      return Promise.resolve();
    });
    workflows.cancelled();
    expect(stopped).toEqual([]);
    workflows.observe(
      changed(["w1", "local_workflow"], ["b1", "local_bash"], ["a1", "local_agent"]),
    );
    workflows.observe({ type: "system", subtype: "init" } as unknown as SDKMessage);
    workflows.cancelled();
    expect(stopped).toEqual(["w1"]);
    workflows.observe(changed(["w2", "local_workflow"], ["w3", "local_workflow"]));
    workflows.cancelled();
    expect(stopped).toEqual(["w1", "w2", "w3"]);
    // A new Claude Code runs none of them.
    workflows.queryStarted();
    workflows.cancelled();
    expect(stopped).toEqual(["w1", "w2", "w3"]);
  });

  it("a failed stop or no Claude Code is no error", async () => {
    const failing = new BackgroundWorkflows("s", () => Promise.reject(new Error("gone")));
    failing.observe(changed(["w1", "local_workflow"]));
    expect(() => failing.cancelled()).not.toThrow();
    const none = new BackgroundWorkflows("s", () => undefined);
    none.observe(changed(["w1", "local_workflow"]));
    expect(() => none.cancelled()).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
  });
});
