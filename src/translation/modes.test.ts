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
