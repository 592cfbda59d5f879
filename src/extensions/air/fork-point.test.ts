import { describe, expect, it } from "vitest";
import { airForkPoint, readForkPoint } from "./fork-point.js";

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

describe("airForkPoint (the core's forkPoints hook)", () => {
  it("wraps the fork point", () => {
    expect(airForkPoint(meta({ version: 1, messageId: " m " }))).toStrictEqual({
      point: { messageId: "m", fingerprint: undefined, occurrence: undefined },
    });
  });

  it("gives no point when the request names none", () => {
    expect(airForkPoint(meta({ version: 2, messageId: "m" }))).toBeUndefined();
    expect(airForkPoint(undefined)).toBeUndefined();
  });
});
