import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { presentationFor } from "./config-presentation.js";

describe("presentationFor", () => {
  const air = (...capabilities: string[]) =>
    parseClientProfile({ _meta: { jetbrains: { air: { version: 1, capabilities } } } });

  it.each([
    ["a plain client", parseClientProfile({}), false, false, false],
    ["a Lody client", parseClientProfile({ _meta: { lody: {} } }), false, false, false],
    ["an AIR client", air(), true, false, false],
    ["an AIR client with recommendedValue", air("recommendedValue"), true, true, false],
    [
      "a client with boolean config options",
      parseClientProfile({ session: { configOptions: { boolean: {} } } }),
      false,
      false,
      true,
    ],
  ])("%s", (_name, profile, modeKinds, recommendedValues, booleans) => {
    const presentation = presentationFor(profile);
    expect(presentation).toStrictEqual({
      modeMeta: modeKinds ? expect.any(Function) : undefined,
      recommendedValues,
      recommendedMeta: recommendedValues ? expect.any(Function) : undefined,
      booleans,
    });
  });
});
