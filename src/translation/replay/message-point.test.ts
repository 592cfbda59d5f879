import { describe, expect, it } from "vitest";
import { findMessage, messageFingerprint, type StoredMessage } from "./message-point.js";

describe("findMessage", () => {
  const message = (id: string, text: string, onBranch = true): StoredMessage => ({
    ids: [id, `${id}-uuid`],
    lastUuid: `${id}-last`,
    fingerprint: messageFingerprint(text),
    onBranch,
  });
  const point = (messageId: string, text?: string, occurrence?: number) => ({
    messageId,
    fingerprint: text === undefined ? undefined : messageFingerprint(text),
    occurrence,
  });
  const history = [
    message("msg_1", "Hello"),
    message("msg_2", "Same"),
    message("msg_old", "Same", false),
    message("msg_3", "Same"),
  ];

  it.each([
    ["the Anthropic message id", point("msg_2"), "msg_2"],
    ["an entry uuid", point("msg_3-uuid"), "msg_3"],
    ["an id with a segment suffix", point("msg_1:segment:3"), "msg_1"],
    ["a message off the branch, by id", point("msg_old"), "msg_old"],
    ["the n-th equal message on the branch", point("gone", "Same", 2), "msg_3"],
    ["the only message with the fingerprint", point("gone", "Hello"), "msg_1"],
    ["the id before the fingerprint", point("msg_1", "Same", 1), "msg_1"],
  ])("finds %s", (_name, request, id) => {
    expect(findMessage(history, request)?.lastUuid).toBe(`${id}-last`);
  });

  it.each([
    ["an unknown id without fingerprint", point("gone")],
    ["an unknown fingerprint", point("gone", "Nope")],
    ["an ambiguous fingerprint without occurrence", point("gone", "Same")],
    ["an occurrence past the end", point("gone", "Same", 3)],
  ])("finds nothing for %s", (_name, request) => {
    expect(findMessage(history, request)).toBeUndefined();
  });

  it("prefers the message on the branch among those with the id, else the last", () => {
    const twice = (onBranch: boolean[]) =>
      onBranch.map((b, i) => ({ ...message("m", "x", b), lastUuid: `m-${i}` }));
    expect(findMessage(twice([false, true, false]), point("m"))?.lastUuid).toBe("m-1");
    expect(findMessage(twice([true, false, true]), point("m"))?.lastUuid).toBe("m-2");
    expect(findMessage(twice([false, false]), point("m"))?.lastUuid).toBe("m-1");
  });

  it("takes the one equal message on the branch when the others are off it", () => {
    const split = [message("a", "Same", false), message("b", "Same"), message("c", "Same", false)];
    expect(findMessage(split, point("gone", "Same"))?.lastUuid).toBe("b-last");
    // An occurrence that is not on the branch finds nothing rather than guessing.
    expect(findMessage(split, point("gone", "Same", 2))).toBeUndefined();
  });

  it("fingerprints like AIR: sha256 of the UTF-8 text", () => {
    expect(messageFingerprint("")).toBe(
      "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
  });
});
