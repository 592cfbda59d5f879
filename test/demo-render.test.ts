import { describe, expect, it } from "vitest";
import { Transcript } from "../demo/render.js";
import { palette } from "../demo/style.js";

describe("the demo's transcript", () => {
  it("says that the cost is simulated", () => {
    const transcript = new Transcript(palette(false));
    const text = transcript.update({
      sessionUpdate: "usage_update",
      used: 1_000,
      size: 200_000,
      cost: { amount: 0.0123, currency: "USD" },
    });
    expect(text.trim()).toBe(
      "· context 1,000 / 200,000 tokens (0.5%) · simulated cost USD 0.0123 (scripted model, nothing billed)",
    );
  });
});
