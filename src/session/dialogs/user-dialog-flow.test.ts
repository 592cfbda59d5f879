import type { CreateElicitationResponse } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { ClientPort } from "../../client/client-port.js";
import { OpenAsks } from "../turn/steering.js";
import { askUserDialog, type UserDialogHost } from "./user-dialog-flow.js";

const REFUSAL = {
  dialogKind: "refusal_fallback_prompt",
  payload: { originalModel: "claude-fable-5", fallbackModel: "claude-opus-4-8" },
};

/** A session whose client answers every form with `answer` (or fails with it). */
function host(answer: () => Promise<CreateElicitationResponse>, turn?: AbortController) {
  const asked: unknown[] = [];
  const asks = new OpenAsks();
  const openWhileAsked: boolean[] = [];
  let kept = 0;
  const client = {
    elicit: (params: unknown) => {
      asked.push(params);
      openWhileAsked.push(asks.any);
      return answer();
    },
  } as unknown as ClientPort;
  const h: UserDialogHost = {
    sessionId: "s1",
    client,
    asks,
    turnSignal: () => turn?.signal,
    refusalKept: () => kept++,
  };
  return { h, asked, asks, openWhileAsked, kept: () => kept };
}

describe("askUserDialog", () => {
  it("asks the form while the ask is open, and answers the choice", async () => {
    const t = host(async () => ({ action: "accept", content: { choice: "retry_fallback" } }));
    const result = await askUserDialog(t.h, REFUSAL, new AbortController().signal);
    expect(result).toStrictEqual({ behavior: "completed", result: "retry_fallback" });
    expect(t.asked).toHaveLength(1);
    expect(t.openWhileAsked).toStrictEqual([true]);
    expect(t.asks.any).toBe(false);
    expect(t.kept()).toBe(0);
  });

  it("an edit keeps the refusal for the turn", async () => {
    const t = host(async () => ({ action: "accept", content: { choice: "edit_prompt" } }));
    const result = await askUserDialog(t.h, REFUSAL, new AbortController().signal);
    expect(result).toStrictEqual({ behavior: "completed", result: "edit_prompt" });
    expect(t.kept()).toBe(1);
  });

  it("a dialog it cannot render is cancelled without asking", async () => {
    const t = host(async () => ({ action: "accept", content: { choice: "retry_fallback" } }));
    const other = { dialogKind: "auto_mode_server_fallback", payload: {} };
    expect(await askUserDialog(t.h, other, new AbortController().signal)).toStrictEqual({
      behavior: "cancelled",
    });
    expect(t.asked).toStrictEqual([]);
  });

  it("a failed request is cancelled and closes the ask", async () => {
    const t = host(() => Promise.reject(new Error("client gone")));
    expect(await askUserDialog(t.h, REFUSAL, new AbortController().signal)).toStrictEqual({
      behavior: "cancelled",
    });
    expect(t.asks.any).toBe(false);
  });

  it("a turn cancelled while the form is open is cancelled, whatever the client says", async () => {
    const turn = new AbortController();
    const t = host(async () => {
      turn.abort();
      return { action: "accept", content: { choice: "edit_prompt" } };
    }, turn);
    expect(await askUserDialog(t.h, REFUSAL, new AbortController().signal)).toStrictEqual({
      behavior: "cancelled",
    });
    expect(t.kept()).toBe(0);
  });
});
