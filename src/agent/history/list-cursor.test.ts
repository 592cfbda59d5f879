import { describe, expect, it } from "vitest";
import { encodeListCursor, isAfter, newestFirst, parseListCursor } from "./list-cursor.js";

const id = "0ae4ecbb-3e54-4a6a-ab16-29e29e6e8cbb";

describe("session/list cursor", () => {
  it("round-trips a position", () => {
    const position = { updatedAtMs: 1_795_962_049_956, sessionId: id };
    expect(parseListCursor(encodeListCursor(position))).toEqual(position);
  });

  it.each([
    ["empty", ""],
    ["the reference's offset form", "offset:1000"],
    ["not JSON", Buffer.from("nope").toString("base64url")],
    ["a wrong version", Buffer.from(JSON.stringify({ v: 2, t: 1, s: id })).toString("base64url")],
    ["a negative time", Buffer.from(JSON.stringify({ v: 1, t: -1, s: id })).toString("base64url")],
    ["a missing id", Buffer.from(JSON.stringify({ v: 1, t: 1 })).toString("base64url")],
    ["too long", "A".repeat(5000)],
  ])("rejects %s as invalid input", (_name, cursor) => {
    expect(() => parseListCursor(cursor)).toThrow(
      expect.objectContaining({ code: "invalidInput" }),
    );
  });

  it("orders newest first, then by id, and continues after a position", () => {
    const rows = [
      { updatedAtMs: 1, sessionId: "b" },
      { updatedAtMs: 3, sessionId: "a" },
      { updatedAtMs: 1, sessionId: "a" },
      { updatedAtMs: 2, sessionId: "z" },
    ].sort(newestFirst);
    expect(rows.map((r) => `${r.updatedAtMs}${r.sessionId}`)).toEqual(["3a", "2z", "1a", "1b"]);
    const position = rows[1]!;
    expect(rows.filter((r) => isAfter(r, position)).map((r) => r.sessionId)).toEqual(["a", "b"]);
  });
});
