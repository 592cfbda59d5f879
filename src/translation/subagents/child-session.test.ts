import { describe, expect, it } from "vitest";
import { AIR_SUBAGENT_ANNOUNCER } from "../../extensions/air/subagent-announcer.js";
import { parseClientProfile } from "../../extensions/compose.js";
import {
  announcerFor,
  childPrompt,
  childSessionId,
  describeChild,
  idle,
  REQUIRES_ACTION,
  RFD_ANNOUNCER,
  RUNNING,
  subagentMode,
  SUBAGENT_TOOLS,
  taskEndState,
  type ChildSession,
} from "./child-session.js";

const air = (...capabilities: string[]) => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});

describe("subagentMode", () => {
  it.each([
    ["a plain client", {}, undefined],
    ["the RFD field", { subagents: {} }, "rfd"],
    ["AIR nativeSubagentSessions", air("nativeSubagentSessions"), "bridge"],
    ["both: the canonical field wins", { subagents: {}, ...air("nativeSubagentSessions") }, "rfd"],
    ["an AIR client without the capability", air("diffPatch"), undefined],
    ["the flat transcript", { _meta: { "subagent-transcript": true } }, undefined],
    ["a malformed RFD field", { subagents: true }, undefined],
  ])("%s", (_name, caps, mode) => {
    expect(subagentMode(parseClientProfile(caps))).toBe(mode);
  });

  it("picks the announcer of the mode", () => {
    expect(announcerFor(parseClientProfile({ subagents: {} }))).toBe(RFD_ANNOUNCER);
    expect(announcerFor(parseClientProfile(air("nativeSubagentSessions")))).toBe(
      AIR_SUBAGENT_ANNOUNCER,
    );
    expect(announcerFor(parseClientProfile({}))).toBeUndefined();
  });
});

describe("childSessionId", () => {
  it("is the same for the same parent and tool use (live and replay agree), else different", () => {
    const id = childSessionId("root-1", "toolu_a");
    expect(id).toBe(childSessionId("root-1", "toolu_a"));
    expect(id).toMatch(/^subagent-[0-9a-f]{32}$/);
    expect(childSessionId("root-2", "toolu_a")).not.toBe(id);
    expect(childSessionId("root-1", "toolu_b")).not.toBe(id);
    // The separator keeps ("ab", "c") and ("a", "bc") apart.
    expect(childSessionId("ab", "c")).not.toBe(childSessionId("a", "bc"));
  });

  it("is the first 128 bits of sha256(parent NUL tool use id)", () => {
    expect(childSessionId("root-1", "toolu_a")).toBe("subagent-05a24b688e5cef3b81a23cdd4632cd2f");
  });
});

describe("work states", () => {
  it.each([
    ["completed", { state: "idle", stopReason: "end_turn" }],
    ["stopped", { state: "idle", stopReason: "cancelled" }],
    ["failed", { state: "idle", stopReason: "error" }],
    ["something new", { state: "idle", stopReason: "error" }],
  ])("a task that ended %s", (status, state) => {
    expect(taskEndState(status)).toEqual(state);
  });

  it("has the RFD's running and requires_action snapshots", () => {
    expect(RUNNING).toEqual({ state: "running" });
    expect(REQUIRES_ACTION).toEqual({ state: "requires_action" });
    expect(idle("cancelled")).toEqual({ state: "idle", stopReason: "cancelled" });
  });

  it("knows the subagent tools", () => {
    expect([...SUBAGENT_TOOLS]).toEqual(["Agent", "Task"]);
  });
});

describe("childPrompt", () => {
  const long = "x".repeat(20_000);
  it.each([
    ["task_started first", "from task", { prompt: "from input" }, "from task"],
    ["else the tool input", undefined, { prompt: "from input", message: "m" }, "from input"],
    ["else a SendMessage message", "", { message: "resume" }, "resume"],
    ["never truncated", long, {}, long],
    ["none", undefined, { prompt: 3 }, undefined],
    ["empty strings are none", "", { prompt: "" }, undefined],
    ["no string from task_started", 42, { prompt: "from input" }, "from input"],
    ["no string message", undefined, { message: 5 }, undefined],
    ["an empty message", undefined, { prompt: "", message: "" }, undefined],
  ])("%s", (_name, started, input, prompt) => {
    expect(childPrompt(started, input)).toBe(prompt);
  });
});

describe("describeChild", () => {
  it("reads the title and the agent type from the input", () => {
    expect(
      describeChild("c", "t", { description: "Explore", subagent_type: "Explore" }, "p"),
    ).toEqual({
      sessionId: "c",
      toolUseId: "t",
      title: "Explore",
      agentType: "Explore",
      prompt: "p",
    });
    expect(describeChild("c", "t", { description: " ", subagent_type: 1 }, undefined)).toEqual({
      sessionId: "c",
      toolUseId: "t",
      title: undefined,
      agentType: undefined,
      prompt: undefined,
    });
  });
});

const child: ChildSession = {
  sessionId: "child-1",
  toolUseId: "toolu_a",
  title: "Explore the code",
  agentType: "general-purpose",
  prompt: "List the files",
};
const bare: ChildSession = { ...child, title: undefined, agentType: undefined, prompt: undefined };

describe("RFD_ANNOUNCER (subagent_update)", () => {
  it("announces the child with its title, description, cancel capability and state, then sends its prompt", () => {
    expect(RFD_ANNOUNCER.spawned(child, RUNNING, "parent")).toStrictEqual([
      {
        sessionUpdate: "subagent_update",
        sessionId: "child-1",
        title: "Explore the code",
        description: "general-purpose",
        capabilities: { cancel: {} },
        state: { state: "running" },
      },
      {
        sessionUpdate: "session_message",
        messageId: "toolu_a:prompt",
        senderSessionId: "parent",
        recipientSessionId: "child-1",
        recipientMessageId: "toolu_a:prompt:received",
        content: [{ type: "text", text: "List the files" }],
      },
    ]);
    expect(RFD_ANNOUNCER.opening(child, "parent")).toStrictEqual([
      {
        sessionUpdate: "session_message",
        messageId: "toolu_a:prompt:received",
        senderSessionId: "parent",
        recipientSessionId: "child-1",
        senderMessageId: "toolu_a:prompt",
        content: [{ type: "text", text: "List the files" }],
      },
    ]);
    expect(RFD_ANNOUNCER.opening(bare, "parent")).toEqual([]);
    expect(RFD_ANNOUNCER.spawned(bare, RUNNING, "parent")).toStrictEqual([
      {
        sessionUpdate: "subagent_update",
        sessionId: "child-1",
        capabilities: { cancel: {} },
        state: { state: "running" },
      },
    ]);
  });

  it("patches only the state later", () => {
    expect(RFD_ANNOUNCER.state(child, idle("end_turn"))).toStrictEqual([
      {
        sessionUpdate: "subagent_update",
        sessionId: "child-1",
        state: { state: "idle", stopReason: "end_turn" },
      },
    ]);
  });
});

describe("AIR_SUBAGENT_ANNOUNCER (subagent_spawned, subagent_state_update)", () => {
  it("announces the child with the exact prompt, then its state", () => {
    expect(AIR_SUBAGENT_ANNOUNCER.spawned(child, RUNNING, "parent")).toStrictEqual([
      {
        sessionUpdate: "subagent_spawned",
        subagentSessionId: "child-1",
        name: "general-purpose",
        task: "Explore the code",
        prompt: "List the files",
        capabilities: { cancel: {} },
      },
      { sessionUpdate: "subagent_state_update", subagentSessionId: "child-1", state: RUNNING },
    ]);
  });

  it("leaves the prompt out when there is none, and names a default agent", () => {
    expect(AIR_SUBAGENT_ANNOUNCER.spawned(bare, RUNNING, "parent")[0]).toStrictEqual({
      sessionUpdate: "subagent_spawned",
      subagentSessionId: "child-1",
      name: "general-purpose",
      task: "",
      capabilities: { cancel: {} },
    });
    expect(
      AIR_SUBAGENT_ANNOUNCER.spawned(
        { ...bare, agentType: "Explore", prompt: "p" },
        RUNNING,
        "parent",
      )[0],
    ).toMatchObject({ name: "Explore", task: "p", prompt: "p" });
  });

  it("sends nothing more to the child (the prompt is in subagent_spawned)", () => {
    expect(AIR_SUBAGENT_ANNOUNCER.opening(child, "parent")).toEqual([]);
  });

  it("reports a state", () => {
    expect(AIR_SUBAGENT_ANNOUNCER.state(child, REQUIRES_ACTION)).toStrictEqual([
      {
        sessionUpdate: "subagent_state_update",
        subagentSessionId: "child-1",
        state: { state: "requires_action" },
      },
    ]);
  });
});
