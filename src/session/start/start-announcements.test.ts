import type { SessionConfigOption } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { PLAIN_CLIENT } from "../../profile/client-profile.js";
import type { StartPlan } from "./session-start.js";
import { earlyAnnouncements, upAnnouncements } from "./start-announcements.js";
import { StartState } from "./start-state.js";

const plan: StartPlan = {
  mode: "default",
  bypassAvailable: false,
  autoDisabled: false,
  model: undefined,
  restoredModel: undefined,
  clientModel: undefined,
  notice: { title: "Started in Manual mode", description: "Bypass was asked for." },
  startKey: "key",
};
const cached = [{ name: "review", description: "Review" }];
const real = [{ name: "review", description: "Review a change" }];
const options = (model: string): SessionConfigOption[] => [
  {
    id: "model",
    name: "Model",
    description: "AI model to use",
    type: "select",
    currentValue: model,
    options: [{ value: model, name: model }],
  },
];

const kinds = (updates: Array<{ sessionUpdate: string }> | undefined) =>
  updates?.map((u) => u.sessionUpdate);

function answeredFromCache(commands = cached): StartState {
  const state = new StartState();
  state.answeredEarly(options("cached"), commands, Promise.resolve());
  return state;
}

describe("start announcements", () => {
  it("tell the cached commands and the notice before Claude Code is up, when the commands are cached", () => {
    expect(kinds(earlyAnnouncements(PLAIN_CLIENT, plan, answeredFromCache()))).toEqual([
      "available_commands_update",
      "agent_message_chunk", // the notice, as a client without `session.notices` reads it
    ]);
    expect(earlyAnnouncements(PLAIN_CLIENT, plan, new StartState())).toBeUndefined();
  });

  it("after early ones, tell only what Claude Code offers differently: options first", () => {
    const state = answeredFromCache();
    state.up(options("real"), real);
    const updates = upAnnouncements(
      { profile: PLAIN_CLIENT, plan, state, commands: real, configOptions: options("real") },
      true,
    );
    expect(kinds(updates)).toEqual(["config_option_update", "available_commands_update"]);

    const same = answeredFromCache(real);
    same.up(options("cached"), real);
    expect(
      upAnnouncements(
        {
          profile: PLAIN_CLIENT,
          plan,
          state: same,
          commands: real,
          configOptions: options("cached"),
        },
        true,
      ),
    ).toEqual([]);
  });

  it("without early ones, tell the commands and the notice, or only the notice when Claude Code failed", () => {
    const state = new StartState();
    state.up(options("real"), real);
    const facts = {
      profile: PLAIN_CLIENT,
      plan,
      state,
      commands: real,
      configOptions: options("real"),
    };
    expect(kinds(upAnnouncements(facts, false))).toEqual([
      "available_commands_update",
      "agent_message_chunk",
    ]);
    const failed = answeredFromCache();
    failed.down();
    expect(kinds(upAnnouncements({ ...facts, state: failed }, true))).toEqual([]);
    expect(kinds(upAnnouncements({ ...facts, state: failed }, false))).toEqual([
      "agent_message_chunk",
    ]);
  });
});
