import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCachedScript, userCachePath } from "./code-cache.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "code-cache-"));
});
afterEach(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

/** A script as the build makes them: one function expression, called with the args. */
function scriptFile(body = "return { doubled: a * 2 };", name = "bundle.script.js"): string {
  const file = join(dir, name);
  writeFileSync(file, `(function (a) { "use strict"; ${body} })\n`);
  return file;
}

function run(script: string, extra: Partial<Parameters<typeof runCachedScript>[0]> = {}) {
  const lines: string[] = [];
  const result = runCachedScript({
    script,
    userFolder: join(dir, "user"),
    args: [21],
    writeAfterMs: 0,
    debug: (line) => lines.push(line),
    ...extra,
  });
  return { ...result, lines };
}

const userFile = (script: string): string =>
  userCachePath(join(dir, "user"), crc32(readFileSync(script)));

describe("runCachedScript", () => {
  it("without a cache runs the script and writes the user's, which the next start uses", async () => {
    const script = scriptFile();
    const first = run(script);
    expect(first.result).toEqual({ doubled: 42 });
    expect(first).toMatchObject({ used: undefined, rejected: false, writes: userFile(script) });
    await first.written;
    expect(readdirSync(join(dir, "user"))).toEqual([userFile(script).split("/").pop()]);

    const second = run(script);
    expect(second.result).toEqual({ doubled: 42 });
    expect(second).toMatchObject({ used: userFile(script), rejected: false, writes: undefined });
  });

  it("uses the shipped cache, and writes nothing then", async () => {
    const script = scriptFile();
    await run(script, { userFile: join(dir, "shipped.v8cache") }).written;
    const again = run(script, { shipped: join(dir, "shipped.v8cache") });
    expect(again).toMatchObject({ used: join(dir, "shipped.v8cache"), rejected: false });
    expect(again.writes).toBeUndefined();
    expect(readdirSync(dir)).not.toContain("user");
  });

  it("runs without a cache V8 rejects, and rewrites the user's", async () => {
    // A script this process never compiled (V8 would take it from its own compile cache)
    // and a file whose header fits but whose data V8 refuses, as another V8 or other V8
    // flags would make it.
    const script = scriptFile("return { doubled: a * 2, rejected: true };");
    const file = userFile(script);
    const data = Buffer.alloc(4096, 7);
    const header = Buffer.alloc(16);
    header.writeUInt32LE(0x31434143, 0);
    header.writeUInt32LE(crc32(`${process.version} ${process.arch} ${process.platform}`), 4);
    header.writeUInt32LE(crc32(readFileSync(script)), 8);
    header.writeUInt32LE(crc32(data), 12);
    mkdirSync(join(dir, "user"));
    writeFileSync(file, Buffer.concat([header, data]));

    const rejected = run(script);
    expect(rejected.result).toEqual({ doubled: 42, rejected: true });
    expect(rejected).toMatchObject({ used: file, rejected: true, writes: file });
    expect(rejected.lines.join("\n")).toContain("rejected by V8");
    await rejected.written;
    const rewritten = readFileSync(file);
    expect(rewritten.subarray(0, 12)).toEqual(header.subarray(0, 12));
    expect(rewritten.subarray(16)).not.toEqual(data);
    expect(rewritten.readUInt32LE(12)).toBe(crc32(rewritten.subarray(16)));
  });

  it("hands V8 no torn file, nor one made for another script of the same length", async () => {
    const script = scriptFile("return { doubled: a * 2 };");
    const shipped = join(dir, "shipped.v8cache");
    await run(script, { userFile: shipped }).written;
    const torn = readFileSync(shipped);
    writeFileSync(shipped, torn.subarray(0, torn.length - 9));
    expect(run(script, { shipped, userFolder: undefined })).toMatchObject({ used: undefined });

    await run(script, { userFile: shipped }).written;
    const corrupt = readFileSync(shipped);
    corrupt[corrupt.length >> 1]! ^= 0xff;
    writeFileSync(shipped, corrupt);
    expect(run(script, { shipped, userFolder: undefined })).toMatchObject({ used: undefined });

    // Made by another Node (our header's key), or not one of our files at all.
    for (const [offset, value] of [
      [4, crc32("v22.0.0 x64 linux")],
      [0, 0x2a2a2a2a],
    ] as const) {
      await run(script, { userFile: shipped }).written;
      const foreign = readFileSync(shipped);
      foreign.writeUInt32LE(value, offset);
      writeFileSync(shipped, foreign);
      expect(run(script, { shipped, userFolder: undefined })).toMatchObject({ used: undefined });
    }

    // V8 itself would take this one: it compares only the source's length.
    await run(script, { userFile: shipped }).written;
    const other = scriptFile("return { doubled: a * 3 };", "other.script.js");
    const start = run(other, { shipped, userFolder: undefined });
    expect(start).toMatchObject({ used: undefined, result: { doubled: 63 } });
  });

  it("runs and says nothing when the user's folder cannot be written", async () => {
    const script = scriptFile();
    chmodSync(dir, 0o500);
    const start = run(script);
    expect(start.result).toEqual({ doubled: 42 });
    await start.written;
    const unwritable = process.getuid?.() !== 0; // root writes anyway
    if (unwritable) expect(start.lines.join("\n")).toContain("could not write the code cache");
    const underAFile = run(script, { userFolder: join(script, "user") });
    expect(underAFile.result).toEqual({ doubled: 42 });
    await underAFile.written;
    expect(underAFile.lines.join("\n")).toContain("could not write the code cache");
  });

  it("uses and writes no cache without Node's crc32 (Node before 20.15)", async () => {
    const script = scriptFile();
    await run(script).written;
    const start = run(script, { crc32: undefined });
    expect(start).toMatchObject({ result: { doubled: 42 }, used: undefined, writes: undefined });
  });

  it("lets the script's own errors through, as the bin would", () => {
    const script = scriptFile('throw new Error("boom");');
    expect(() => run(script)).toThrow("boom");
  });
});
