import { methods } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { PROFILES } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

describe("local commands", () => {
  it.each([
    ["/context", "## Context Usage"],
    ["/usage", "Total cost:"],
  ])(
    "%s answers with its output as agent text, and a load replays it",
    async (command, start) => {
      const s = await scenario();
      await s.initialize(PROFILES.zed);
      const sessionId = await s.newSession();
      const response = await s.prompt(sessionId, command);
      expect(response.stopReason).toBe("end_turn");
      const live = s.agentText(sessionId);
      expect(live.startsWith(start)).toBe(true);
      // Nothing reached the model: Claude Code answered itself.
      expect(s.model.mainRequests()).toHaveLength(0);

      await s.restartAdapter();
      await s.initialize(PROFILES.zed);
      await s.agent.request(methods.agent.session.load, {
        sessionId,
        cwd: s.workspace,
        mcpServers: [],
      });
      expect(s.agentText(sessionId)).toBe(live);
    },
    60_000,
  );
});
