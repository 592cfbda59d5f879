import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ACCEPTED_DIFFERENCES } from "../golden/accepted-differences.js";
import {
  PROFILES,
  REPO_ROOT,
  UPSTREAM_ADAPTER_BIN,
  ADAPTER_BIN,
  type Scenario,
} from "../support/acp-harness.js";
import {
  checkAccepted,
  compareMessages,
  describeDifferences,
  normaliseTraffic,
  type Difference,
  type GoldenMessage,
} from "../support/golden.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

/**
 * The golden comparison with the published upstream adapter (issue 22, spec "Compatibility
 * rule"): the same scripted conversation, for the same client, against both adapters; every
 * difference in methods, update kinds, field names and values must be in
 * `test/golden/accepted-differences.ts`.
 */
const scenario = useScenarios();

const NOTES = "alpha\nbeta\n";

/** One conversation over every v1 family it can drive quickly, recorded for one adapter. */
async function record(
  adapter: "ours" | "upstream",
  capabilities: object,
): Promise<GoldenMessage[]> {
  // Upstream always offers bypassPermissions, which Claude Code refuses as root without it.
  const s = await scenario({
    adapter,
    env: { IS_SANDBOX: "1" },
    // The first allow, but for the one tool call that the user rejects.
    onPermission: (request) => {
      const kind = request.toolCall.toolCallId === "toolu_denied" ? "reject_once" : "allow_once";
      const option = request.options.find((o) => o.kind === kind) ?? request.options[0]!;
      return { outcome: { outcome: "selected", optionId: option.optionId } };
    },
  });
  const notes = join(s.workspace, "notes.txt");
  writeFileSync(notes, NOTES);
  await s.initialize(capabilities);
  const sessionId = await s.newSession();
  const turn = async (text: string, ...turns: Parameters<Scenario["model"]["push"]>) => {
    s.model.push(...turns);
    return s.prompt(sessionId, text).catch((error: unknown) => error);
  };
  // Text and thinking.
  await turn("hello", {
    blocks: [
      { type: "thinking", thinking: "Let me think." },
      { type: "text", text: "Hello there." },
    ],
  });
  // A command that asks for permission (it writes a file), then a read and an edit.
  await turn(
    "write it",
    {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_bash",
          name: "Bash",
          input: { command: "echo hi > out.txt", description: "Write out.txt" },
        },
      ],
    },
    { blocks: [{ type: "text", text: "written" }] },
  );
  await turn(
    "read it",
    { blocks: [{ type: "tool_use", id: "toolu_read", name: "Read", input: { file_path: notes } }] },
    { blocks: [{ type: "text", text: "read" }] },
  );
  await turn(
    "edit it",
    {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_edit",
          name: "Edit",
          input: { file_path: notes, old_string: "beta", new_string: "gamma" },
        },
      ],
    },
    { blocks: [{ type: "text", text: "edited" }] },
  );
  await turn(
    "write a new file",
    {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_write",
          name: "Write",
          input: { file_path: join(s.workspace, "new.txt"), content: "fresh\n" },
        },
      ],
    },
    { blocks: [{ type: "text", text: "created" }] },
  );
  // A rejected command.
  await turn(
    "remove it",
    {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_denied",
          name: "Bash",
          input: { command: "rm new.txt", description: "Remove new.txt" },
        },
      ],
    },
    { blocks: [{ type: "text", text: "not removed" }] },
  );
  // Two prompts at once: the second waits for the first.
  s.model.push(textTurn("first"), textTurn("second"));
  await Promise.all([s.prompt(sessionId, "one"), s.prompt(sessionId, "two")]);
  // Modes and models.
  await s.agent.request("session/set_mode", { sessionId, modeId: "acceptEdits" });
  await s.agent.request("session/set_config_option", {
    sessionId,
    configId: "mode",
    value: "default",
  });
  await s.agent.request("session/set_config_option", {
    sessionId,
    configId: "model",
    value: "opus",
  });
  // A model API error, then a cancelled turn.
  await turn("fail", { kind: "error", status: 400, message: "Scripted bad request", times: 3 });
  const requests = s.model.mainRequests().length;
  s.model.push({ kind: "hang" });
  const cancelled = s.prompt(sessionId, "hang");
  await s.model.waitForMainRequest(requests + 1);
  await s.cancel(sessionId);
  await cancelled;
  await new Promise((r) => setTimeout(r, 300));
  return normaliseTraffic(s.traffic, {
    paths: {
      [s.workspace]: "<ws>",
      [s.root]: "<root>",
      [UPSTREAM_ADAPTER_BIN]: "<adapter>",
      [ADAPTER_BIN]: "<adapter>",
      [REPO_ROOT]: "<repo>",
    },
  });
}

function unique(differences: Difference[]): Difference[] {
  const seen = new Map<string, Difference>();
  for (const d of differences) if (!seen.has(d.key)) seen.set(d.key, d);
  return [...seen.values()];
}

/** `GOLDEN_DUMP=<prefix>` writes both normalised traffics to `<prefix>-<client>.json`. */
function dump(name: string, ours: GoldenMessage[], upstream: GoldenMessage[]): void {
  const prefix = process.env.GOLDEN_DUMP;
  if (!prefix) return;
  const plain = (messages: GoldenMessage[]) =>
    messages.map((m) => [m.label, Object.fromEntries(m.fields)]);
  const both = { ours: plain(ours), upstream: plain(upstream) };
  writeFileSync(`${prefix}-${name}.json`, JSON.stringify(both, null, 1));
}

describe("golden comparison with the upstream adapter", () => {
  it("a plain and a Zed-like client get upstream's traffic, but for the accepted differences", async () => {
    const differences: Difference[] = [];
    for (const [name, profile] of Object.entries({ plain: PROFILES.plain, zed: PROFILES.zed })) {
      const [ours, upstream] = await Promise.all([
        record("ours", profile),
        record("upstream", profile),
      ]);
      dump(name, ours, upstream);
      differences.push(...compareMessages(ours, upstream));
    }
    const { unaccepted, unused } = checkAccepted(unique(differences), ACCEPTED_DIFFERENCES);
    // An entry nothing matched may be timing (upstream's usage on cancel) or fixed: shown
    // so that the list stays short, not failed, since some differences come and go.
    if (unused.length > 0)
      console.info(`accepted differences not seen:\n${unused.map((u) => u.key).join("\n")}`);
    expect(describeDifferences(unaccepted)).toBe("");
  }, 180_000);
});
