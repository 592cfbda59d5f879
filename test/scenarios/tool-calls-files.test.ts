import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, toolCallUpdates } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

describe.each(Object.entries(PROFILES))("file tools (%s client)", (_name, profile) => {
  it("Read, Edit and Write report their facts, and the diffs match the disk", async () => {
    const s = await scenario({ settings: { permissions: { defaultMode: "acceptEdits" } } });
    const file = join(s.workspace, "notes.txt");
    const created = join(s.workspace, "created.txt");
    writeFileSync(file, "alpha\nbeta\ngamma\n");
    s.model.push(
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_read",
            name: "Read",
            input: { file_path: file, offset: 2, limit: 2 },
          },
        ],
      },
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_edit",
            name: "Edit",
            input: { file_path: file, old_string: "beta", new_string: "BETA" },
          },
        ],
      },
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_write",
            name: "Write",
            input: { file_path: created, content: "fresh\n" },
          },
        ],
      },
      { blocks: [{ type: "text", text: "done" }] },
    );
    await s.initialize(profile);
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "edit")).stopReason).toBe("end_turn");

    const read = toolCallUpdates(s, sessionId, "toolu_read");
    // Upstream's pending title, the tool's name and an empty location list.
    expect(read[0]).toMatchObject({
      sessionUpdate: "tool_call",
      name: "Read",
      kind: "read",
      title: "Read File",
      locations: [],
      rawInput: {},
    });
    expect(read).toContainEqual(expect.objectContaining({ title: "Read notes.txt (2 - 3)" }));
    expect(read.filter((u) => u.locations).at(-1)).toMatchObject({
      locations: [{ path: "<ws>/notes.txt", line: 2 }],
    });
    expect(read.at(-1)).toMatchObject({
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: "```\nbeta\ngamma\n```" } }],
    });

    const edit = toolCallUpdates(s, sessionId, "toolu_edit");
    expect(edit[0]).toMatchObject({
      sessionUpdate: "tool_call",
      name: "Edit",
      kind: "edit",
      title: "Edit",
      locations: [],
      rawInput: {},
    });
    // The snippet diff while the edit is pending…
    expect(edit).toContainEqual(
      expect.objectContaining({
        content: [{ type: "diff", path: "<ws>/notes.txt", oldText: "beta", newText: "BETA" }],
        rawInput: { file_path: "<ws>/notes.txt", old_string: "beta", new_string: "BETA" },
      }),
    );
    // …then upstream's final diff: the changed hunk with its context, without its last
    // line break, as the disk has it.
    expect(readFileSync(file, "utf8")).toBe("alpha\nBETA\ngamma\n");
    const finalEdit = edit.filter((u) => Array.isArray(u.content)).at(-1)!;
    expect(finalEdit.content).toEqual([
      {
        type: "diff",
        path: "<ws>/notes.txt",
        oldText: "alpha\nbeta\ngamma",
        newText: "alpha\nBETA\ngamma",
      },
    ]);
    expect(edit.at(-1)).toMatchObject({ status: "completed" });
    expect(
      edit.find(
        (u) => (u._meta as { claudeCode: { toolResponse?: unknown } }).claudeCode.toolResponse,
      ),
    ).toMatchObject({
      _meta: {
        claudeCode: { toolName: "Edit", toolResponse: { originalFile: "alpha\nbeta\ngamma\n" } },
      },
    });

    const write = toolCallUpdates(s, sessionId, "toolu_write");
    expect(write[0]).toMatchObject({
      sessionUpdate: "tool_call",
      kind: "edit",
      title: "Preparing file…", // upstream's, until the path streams
    });
    expect(write).toContainEqual(expect.objectContaining({ title: "Write created.txt" }));
    expect(readFileSync(created, "utf8")).toBe("fresh\n");
    const writeDiffs = write.filter(
      (u) => Array.isArray(u.content) && (u.content as unknown[]).length > 0,
    );
    expect(writeDiffs.at(-1)!.content).toEqual([
      { type: "diff", path: "<ws>/created.txt", oldText: null, newText: "fresh\n" },
    ]);
    expect(write.at(-1)).toMatchObject({ status: "completed" });

    // Every report of every tool call names its Claude tool.
    for (const u of [...read, ...edit, ...write]) {
      expect((u._meta as { claudeCode: { toolName: string } }).claudeCode.toolName).toMatch(
        /^(Read|Edit|Write)$/,
      );
    }
  });
});

describe("an edit that needs permission", () => {
  async function editScenario(
    onPermission?: Parameters<typeof scenario>[0] extends infer O
      ? O extends { onPermission?: infer P }
        ? P
        : never
      : never,
  ) {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default" } },
      ...(onPermission ? { onPermission } : {}),
    });
    const file = join(s.workspace, "app.txt");
    writeFileSync(file, "v1\n");
    s.model.push(
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_edit",
            name: "Edit",
            input: { file_path: file, old_string: "v1", new_string: "v2" },
          },
        ],
      },
      { blocks: [{ type: "text", text: "after the edit" }] },
    );
    await s.initialize(PROFILES.zed);
    const sessionId = await s.newSession();
    return { s, sessionId, file };
  }

  it("asks after the tool call went out, and an allowed edit runs", async () => {
    const { s, sessionId, file } = await editScenario();
    expect((await s.prompt(sessionId, "edit")).stopReason).toBe("end_turn");
    expect(readFileSync(file, "utf8")).toBe("v2\n");
    expect(s.permissionRequests).toHaveLength(1);
    const request = s.permissionRequests[0]!;
    expect(request.options).toEqual([
      { optionId: "allow-once", name: "Yes", kind: "allow_once" },
      {
        optionId: "allow-with-updates",
        name: "Yes, allow all edits during this session",
        kind: "allow_always",
      },
      { optionId: "reject", name: "No", kind: "reject_once" },
    ]);
    expect(request.toolCall).toMatchObject({
      toolCallId: "toolu_edit",
      kind: "edit",
      title: "Edit app.txt", // upstream's: relative to the session's directory
    });
    // The tool call went out before the request.
    const sent = s.sentByAdapter();
    const requestAt = sent.findIndex(
      (m) => "method" in m && m.method === "session/request_permission",
    );
    const toolCallAt = sent.findIndex(
      (m) => "method" in m && JSON.stringify(m).includes('"sessionUpdate":"tool_call"'),
    );
    expect(toolCallAt).toBeGreaterThanOrEqual(0);
    expect(toolCallAt).toBeLessThan(requestAt);
    const statuses = toolCallUpdates(s, sessionId, "toolu_edit")
      .map((u) => u.status)
      .filter(Boolean);
    // Like upstream, no in_progress between the approval and the result (AIR gets one).
    expect(statuses).toEqual(["pending", "completed"]);
  });

  it("a rejected edit changes nothing and fails the tool call", async () => {
    const { s, sessionId, file } = await editScenario(() => ({
      outcome: { outcome: "selected", optionId: "reject" },
    }));
    expect((await s.prompt(sessionId, "edit")).stopReason).toBe("end_turn");
    expect(readFileSync(file, "utf8")).toBe("v1\n");
    expect(toolCallUpdates(s, sessionId, "toolu_edit").at(-1)).toMatchObject({ status: "failed" });
    const toolResult = JSON.stringify(s.model.mainRequests()[1]!.body.messages.at(-1));
    expect(toolResult).toContain("doesn't want to proceed");
  });

  it("an option that was not offered is a rejection", async () => {
    const { s, sessionId, file } = await editScenario(() => ({
      outcome: { outcome: "selected", optionId: "allow-always" },
    }));
    await s.prompt(sessionId, "edit");
    expect(readFileSync(file, "utf8")).toBe("v1\n");
  });

  it("cancel during an open request ends the prompt and the client's late answer changes nothing", async () => {
    let answer: (() => void) | undefined;
    const { s, sessionId, file } = await editScenario(
      () =>
        new Promise(
          (resolve) =>
            (answer = () => resolve({ outcome: { outcome: "selected", optionId: "allow-once" } })),
        ),
    );
    const prompt = s.prompt(sessionId, "edit");
    await eventually("the permission request", () => s.permissionRequests.length === 1);
    await s.cancel(sessionId);
    expect(await prompt).toMatchObject({ stopReason: "cancelled", _meta: { quota: {} } });
    expect(answer).toBeDefined();
    answer!();
    // Sync point: a prompt after the late answer, which reaches the adapter first (one
    // ordered stdin). Had the adapter taken it as an approval, Claude Code would have
    // edited in the cancelled turn, and the next prompt goes to Claude Code only once
    // that turn ended (its result ends the drain): by this answer the edit would be done.
    expect((await s.prompt(sessionId, "go on")).stopReason).toBe("end_turn");
    expect(s.agentText(sessionId)).toContain("after the edit");
    // The late answer did reach the adapter, and changed nothing.
    const asked = s.traffic.find(
      (t) => "method" in t.message && t.message.method === "session/request_permission",
    )!.message as { id: number };
    expect(
      s.traffic.filter(
        (t) => t.dir === "to-agent" && "result" in t.message && t.message.id === asked.id,
      ),
    ).toEqual([
      {
        dir: "to-agent",
        message: {
          jsonrpc: "2.0",
          id: asked.id,
          result: { outcome: { outcome: "selected", optionId: "allow-once" } },
        },
      },
    ]);
    expect(readFileSync(file, "utf8")).toBe("v1\n");
    // The adapter withdrew its request.
    expect(
      s.traffic.some(
        (t) =>
          t.dir === "to-client" && "method" in t.message && t.message.method === "$/cancel_request",
      ),
    ).toBe(true);
  });
});
