import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import type { Outbox } from "../outbox.js";
import type { SessionSetup } from "../start/query-setup.js";
import { SessionCommands } from "./session-commands.js";

const greet = { name: "greet", description: "Say hello", argumentHint: "" };

describe("SessionCommands", () => {
  it("keeps the start's commands, then announces each change", () => {
    const announced: SessionUpdate[][] = [];
    const outbox = { announce: (u: SessionUpdate[]) => announced.push(u) } as unknown as Outbox;
    const commands = new SessionCommands(parseClientProfile({}), {} as SessionSetup, outbox);
    commands.started([]);
    expect(commands.current).toEqual([]);
    const other = { type: "system", subtype: "status" } as unknown as SDKMessage;
    expect(commands.observe(other)).toBe(false);
    const changed = {
      type: "system",
      subtype: "commands_changed",
      commands: [greet],
    } as unknown as SDKMessage;
    expect(commands.observe(changed)).toBe(true);
    expect(commands.current).toEqual([greet]);
    expect(announced).toHaveLength(1);
    expect(announced[0]![0]!.sessionUpdate).toBe("available_commands_update");
  });
});
