import { describe, expect, it } from "vitest";
import { availableModes, modeOption, modeState } from "./modes.js";

const manual = { id: "default", name: "Manual", description: "Ask before edits and commands" };
const acceptEdits = {
  id: "acceptEdits",
  name: "Accept edits",
  description: "Edit files without asking",
};
const plan = { id: "plan", name: "Plan", description: "Plan without changing anything" };
const auto = { id: "auto", name: "Auto", description: "A classifier approves safe actions" };
const bypass = {
  id: "bypassPermissions",
  name: "Bypass permissions",
  description: "Run everything without asking",
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
      category: "mode",
      type: "select",
      currentValue: "dontAsk",
      options: [
        { value: "default", name: "Manual", description: "Ask before edits and commands" },
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
      { id: "default", name: "Manual", description: "Ask before edits and commands" },
      { id: "acceptEdits", name: "Accept edits", description: "Edit files without asking" },
      { id: "plan", name: "Plan", description: "Plan without changing anything" },
      { id: "auto", name: "Auto", description: "A classifier approves safe actions" },
      {
        id: "bypassPermissions",
        name: "Bypass permissions",
        description: "Run everything without asking",
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

  it("gives each mode its AIR kind with hints", () => {
    expect(availableModes(all, true).map((m) => [m.id, m._meta])).toEqual([
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
    expect(modeState("dontAsk", availableModes({ auto: false, bypass: false }, true))).toEqual({
      currentModeId: "dontAsk",
      availableModes: [
        {
          id: "default",
          name: "Manual",
          description: "Ask before edits and commands",
          _meta: kind("standard"),
        },
        {
          id: "acceptEdits",
          name: "Accept edits",
          description: "Edit files without asking",
          _meta: kind("standard"),
        },
        {
          id: "plan",
          name: "Plan",
          description: "Plan without changing anything",
          _meta: kind("plan"),
        },
        { id: "dontAsk", name: "Don't ask" },
      ],
    });
  });
});

describe("modeOption", () => {
  it("carries each mode's kind on its value", () => {
    expect(modeOption("plan", availableModes({ auto: true, bypass: false }, true))).toEqual({
      id: "mode",
      name: "Mode",
      category: "mode",
      type: "select",
      currentValue: "plan",
      options: [
        {
          value: "default",
          name: "Manual",
          description: "Ask before edits and commands",
          _meta: kind("standard"),
        },
        {
          value: "acceptEdits",
          name: "Accept edits",
          description: "Edit files without asking",
          _meta: kind("standard"),
        },
        {
          value: "plan",
          name: "Plan",
          description: "Plan without changing anything",
          _meta: kind("plan"),
        },
        {
          value: "auto",
          name: "Auto",
          description: "A classifier approves safe actions",
          _meta: kind("auto_review"),
        },
      ],
    });
  });

  it("has no _meta without hints", () => {
    expect(JSON.stringify(modeOption("default", availableModes(all)))).not.toContain("_meta");
  });
});
