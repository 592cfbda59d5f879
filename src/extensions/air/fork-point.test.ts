import { describe, expect, it } from "vitest";
import {
  findForkMessage,
  messageFingerprint,
  readForkPoint,
  type StoredMessage,
} from "./fork-point.js";

const hex = "a".repeat(64);
const meta = (fork: unknown) => ({ jetbrains: { air: { fork } } });

describe("readForkPoint", () => {
  it("reads a version 1 fork point", () => {
    expect(
      readForkPoint(
        meta({
          version: 1,
          messageId: " msg-12 ",
          messageFingerprint: `sha256:${hex}`,
          messageOccurrence: 2,
        }),
      ),
    ).toEqual({ messageId: "msg-12", fingerprint: `sha256:${hex}`, occurrence: 2 });
  });

  it.each([
    ["another version", { version: 2, messageId: "m" }],
    ["a blank id", { version: 1, messageId: "  " }],
    ["no id", { version: 1 }],
    ["not an object", "fork here"],
    ["nothing", undefined],
  ])("ignores %s (the whole session is forked)", (_name, fork) => {
    expect(readForkPoint(meta(fork))).toBeUndefined();
  });

  it("reads an upper-case fingerprint in lower case, and keeps a segment suffix", () => {
    expect(
      readForkPoint(
        meta({
          version: 1,
          messageId: "m:segment:2",
          messageFingerprint: `SHA256:${"A".repeat(64)}`,
        }),
      ),
    ).toEqual({ messageId: "m:segment:2", fingerprint: `sha256:${hex}`, occurrence: undefined });
  });

  it.each([
    ["a fingerprint one digit short", `sha256:${"a".repeat(63)}`],
    ["a fingerprint one digit long", `sha256:${"a".repeat(65)}`],
    ["a fingerprint with text around it", ` sha256:${hex}`],
    ["a fingerprint with a non-hex digit", `sha256:${"g".repeat(64)}`],
  ])("treats %s as absent", (_name, messageFingerprint) => {
    expect(readForkPoint(meta({ version: 1, messageId: "m", messageFingerprint }))).toEqual({
      messageId: "m",
      fingerprint: undefined,
      occurrence: undefined,
    });
  });

  it.each([
    ["a fractional occurrence", 1.5],
    ["a negative occurrence", -1],
    ["a string occurrence", "2"],
  ])("treats %s as absent", (_name, messageOccurrence) => {
    expect(readForkPoint(meta({ version: 1, messageId: "m", messageOccurrence }))?.occurrence).toBe(
      undefined,
    );
  });

  it("treats malformed optional fields as absent", () => {
    expect(
      readForkPoint(
        meta({ version: 1, messageId: "m", messageFingerprint: "md5:x", messageOccurrence: 0 }),
      ),
    ).toEqual({ messageId: "m", fingerprint: undefined, occurrence: undefined });
  });
});

describe("findForkMessage", () => {
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
    expect(findForkMessage(history, request)?.lastUuid).toBe(`${id}-last`);
  });

  it.each([
    ["an unknown id without fingerprint", point("gone")],
    ["an unknown fingerprint", point("gone", "Nope")],
    ["an ambiguous fingerprint without occurrence", point("gone", "Same")],
    ["an occurrence past the end", point("gone", "Same", 3)],
  ])("finds nothing for %s", (_name, request) => {
    expect(findForkMessage(history, request)).toBeUndefined();
  });

  it("prefers the message on the branch among those with the id, else the last", () => {
    const twice = (onBranch: boolean[]) =>
      onBranch.map((b, i) => ({ ...message("m", "x", b), lastUuid: `m-${i}` }));
    expect(findForkMessage(twice([false, true, false]), point("m"))?.lastUuid).toBe("m-1");
    expect(findForkMessage(twice([true, false, true]), point("m"))?.lastUuid).toBe("m-2");
    expect(findForkMessage(twice([false, false]), point("m"))?.lastUuid).toBe("m-1");
  });

  it("takes the one equal message on the branch when the others are off it", () => {
    const split = [message("a", "Same", false), message("b", "Same"), message("c", "Same", false)];
    expect(findForkMessage(split, point("gone", "Same"))?.lastUuid).toBe("b-last");
    // An occurrence that is not on the branch finds nothing rather than guessing.
    expect(findForkMessage(split, point("gone", "Same", 2))).toBeUndefined();
  });

  it("fingerprints like AIR: sha256 of the UTF-8 text", () => {
    expect(messageFingerprint("")).toBe(
      "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
  });
});
