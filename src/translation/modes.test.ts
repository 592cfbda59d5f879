import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../extensions/compose.js";
import { availableModes, modeOption, modeState } from "./modes.js";

/** AIR's mode `_meta`, as the composition gives it to an AIR client. */
const AIR_MODES = parseClientProfile({
  _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
}).hooks.modeMeta;

const manual = { id: "default", name: "Manual", description: "Always ask before making changes" };
const acceptEdits = {
  id: "acceptEdits",
  name: "Accept edits",
  description: "Automatically accept all file edits",
};
const plan = { id: "plan", name: "Plan", description: "Create a plan before making changes" };
const auto = { id: "auto", name: "Auto", description: "Claude handles permission decisions" };
const bypass = {
  id: "bypassPermissions",
  name: "Bypass permissions",
  description: "Accepts all permissions",
};

describe("availableModes", () => {
  it.each([
    ["neither", { auto: false, bypass: false }, [manual, acceptEdits, plan]],
    ["auto", { auto: true, bypass: false }, [manual, acceptEdits, plan, auto]],
    ["bypass", { auto: false, bypass: true }, [manual, acceptEdits, plan, bypass]],
    ["both", { auto: true, bypass: true }, [manual, acceptEdits, plan, auto, bypass]],
  ])("offers the three base modes, plus %s when available", (_name, availability, modes) => {
    expect(availableModes(availability)).toEqual(modes);
  });

  it("hands out copies, so a caller cannot change the table", () => {
    const first = availableModes({ auto: true, bypass: true });
    first[0]!.name = "changed";
    expect(availableModes({ auto: true, bypass: true })[0]).toEqual(manual);
  });
});

describe("modeState", () => {
  const modes = availableModes({ auto: false, bypass: false });

  it("lists the offered modes when the current one is among them", () => {
    expect(modeState("plan", modes)).toEqual({
      currentModeId: "plan",
      availableModes: [manual, acceptEdits, plan],
    });
  });

  it.each([
    ["dontAsk, from settings, by its label", "dontAsk", { id: "dontAsk", name: "Don't ask" }],
    ["another mode by its id", "auto", { id: "auto", name: "auto" }],
  ])("adds a current mode that is not offered: %s", (_name, current, extra) => {
    expect(modeState(current, modes)).toEqual({
      currentModeId: current,
      availableModes: [manual, acceptEdits, plan, extra],
    });
  });
});

describe("modeOption", () => {
  it("is a select of the modes, with descriptions where they exist", () => {
    expect(modeOption("dontAsk", [manual, { id: "plan", name: "Plan", description: "" }])).toEqual({
      id: "mode",
      name: "Mode",
      description: "Session permission mode",
      category: "mode",
      type: "select",
      currentValue: "dontAsk",
      options: [
        { value: "default", name: "Manual", description: "Always ask before making changes" },
        { value: "plan", name: "Plan" },
        { value: "dontAsk", name: "Don't ask" },
      ],
    });
  });
});

const all = { auto: true, bypass: true };
const kind = (k: string) => ({ jetbrains: { air: { version: 1, kind: k } } });

describe("availableModes", () => {
  it("offers the Claude modes with Claude Code's labels, no hints by default", () => {
    expect(availableModes(all)).toEqual([
      { id: "default", name: "Manual", description: "Always ask before making changes" },
      {
        id: "acceptEdits",
        name: "Accept edits",
        description: "Automatically accept all file edits",
      },
      { id: "plan", name: "Plan", description: "Create a plan before making changes" },
      { id: "auto", name: "Auto", description: "Claude handles permission decisions" },
      {
        id: "bypassPermissions",
        name: "Bypass permissions",
        description: "Accepts all permissions",
      },
    ]);
  });

  it("leaves out Auto and Bypass when they are not available", () => {
    expect(availableModes({ auto: false, bypass: false }).map((m) => m.id)).toEqual([
      "default",
      "acceptEdits",
      "plan",
    ]);
  });

  it("gives no mode a _meta for a client without an extension's", () => {
    expect(parseClientProfile({}).hooks.modeMeta).toBeUndefined();
  });

  it("gives each mode its AIR kind with hints", () => {
    expect(availableModes(all, AIR_MODES).map((m) => [m.id, m._meta])).toEqual([
      ["default", kind("standard")],
      ["acceptEdits", kind("standard")],
      ["plan", kind("plan")],
      ["auto", kind("auto_review")],
      ["bypassPermissions", kind("full_access")],
    ]);
  });
});

describe("modeState", () => {
  it("lists a current dontAsk from settings without a kind", () => {
    expect(modeState("dontAsk", availableModes({ auto: false, bypass: false }, AIR_MODES))).toEqual(
      {
        currentModeId: "dontAsk",
        availableModes: [
          {
            id: "default",
            name: "Manual",
            description: "Always ask before making changes",
            _meta: kind("standard"),
          },
          {
            id: "acceptEdits",
            name: "Accept edits",
            description: "Automatically accept all file edits",
            _meta: kind("standard"),
          },
          {
            id: "plan",
            name: "Plan",
            description: "Create a plan before making changes",
            _meta: kind("plan"),
          },
          { id: "dontAsk", name: "Don't ask" },
        ],
      },
    );
  });
});

describe("modeOption", () => {
  it("carries each mode's kind on its value", () => {
    expect(modeOption("plan", availableModes({ auto: true, bypass: false }, AIR_MODES))).toEqual({
      id: "mode",
      name: "Mode",
      description: "Session permission mode",
      category: "mode",
      type: "select",
      currentValue: "plan",
      options: [
        {
          value: "default",
          name: "Manual",
          description: "Always ask before making changes",
          _meta: kind("standard"),
        },
        {
          value: "acceptEdits",
          name: "Accept edits",
          description: "Automatically accept all file edits",
          _meta: kind("standard"),
        },
        {
          value: "plan",
          name: "Plan",
          description: "Create a plan before making changes",
          _meta: kind("plan"),
        },
        {
          value: "auto",
          name: "Auto",
          description: "Claude handles permission decisions",
          _meta: kind("auto_review"),
        },
      ],
    });
  });

  it("has no _meta without hints", () => {
    expect(JSON.stringify(modeOption("default", availableModes(all)))).not.toContain("_meta");
  });
});
