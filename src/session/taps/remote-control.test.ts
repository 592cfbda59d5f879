import { describe, expect, it } from "vitest";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import { runRemoteControl } from "./remote-control.js";

/** A query whose `remoteControl` answers as `answer` says, recording its calls. */
function queryWith(answer: (on: boolean) => Promise<{ sessionUrl?: string }>) {
  const calls: Array<[boolean, string | undefined]> = [];
  const query = {
    remoteControl: (on: boolean, name?: string) => {
      calls.push([on, name]);
      return answer(on);
    },
  } as unknown as ClaudeQuery;
  return { query, calls };
}

describe("runRemoteControl", () => {
  it("connects with the name and answers with the session's address", async () => {
    const { query, calls } = queryWith(async () => ({ sessionUrl: "https://claude.ai/code/x" }));
    expect(await runRemoteControl(query, { action: "connect", name: "laptop" })).toContain(
      "\n\nhttps://claude.ai/code/x\n\n",
    );
    expect(calls).toEqual([[true, "laptop"]]);
  });

  it("disconnects", async () => {
    const { query, calls } = queryWith(async () => ({}));
    expect(await runRemoteControl(query, { action: "disconnect" })).toBe(
      "Remote Control is off. Run /remote-control to reconnect.",
    );
    expect(calls).toEqual([[false, undefined]]);
  });

  it("tells Claude Code's reason for a failure", async () => {
    const { query } = queryWith(() =>
      Promise.reject(new Error("Remote Control requires a claude.ai subscription")),
    );
    expect(await runRemoteControl(query, { action: "connect" })).toBe(
      "Could not start Remote Control: Remote Control requires a claude.ai subscription",
    );
  });

  it("answers when Claude Code does not, after the timeout", async () => {
    const { query } = queryWith(() => new Promise(() => undefined));
    expect(await runRemoteControl(query, { action: "connect" }, 20)).toBe(
      "Could not start Remote Control: Claude Code did not answer within 0.02 seconds.",
    );
  });
});
