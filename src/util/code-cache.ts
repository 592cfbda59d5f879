import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { Script } from "node:vm";
import * as zlib from "node:zlib";

/**
 * Runs the bundled adapter (a script: one function expression, see scripts/script-bundle.mjs)
 * with a V8 code cache, so that a start compiles almost nothing: the bin is a small ES
 * module that imports Node's built-ins and the Claude Agent SDK, then calls this.
 *
 * Why: Node 20 has no compile cache for ES modules (`module.enableCompileCache()` is 22+,
 * `vm.SourceTextModule`'s `cachedData` needs `--experimental-vm-modules`), but a
 * `vm.Script` takes V8's `cachedData`. Compiling our 1.2 MB bundle took ~30 ms of each
 * start and evaluating it ~70 ms; with the cache ~10 and ~50 (bench/NOTES.md, "the code
 * cache").
 *
 * Two caches, the first that fits wins: the user's (under `$XDG_CACHE_HOME`, written by a
 * start that found none that fits) and the one the build shipped next to the script (the
 * install may be read-only: it is never written at run time). A cache is only an
 * optimisation: no file, a torn or foreign one, another Node, or V8 rejecting it
 * (`cachedDataRejected`, e.g. other V8 flags) all run the script without it; failing to
 * write one is silent (debug log only). Nothing here writes to stdout.
 *
 * Node 20's V8 checks a cache's version and flags but neither its checksum nor its source
 * (only the source's length): a corrupted file or a rebuilt script of the same length would
 * be accepted and run wrong code. So each file carries a header of our own — the crc32 of
 * the Node version and architecture, of the script's bytes and of the cache's bytes — and
 * a file whose header does not match is not handed to V8. Without `zlib.crc32` (Node
 * < 20.15) no cache is used at all.
 */

/** "CAC1": our header's magic number, then three crc32s (key, script, cache data). */
const MAGIC = 0x31434143;
const HEADER_BYTES = 16;

export interface CachedScriptOptions {
  /** The script file: one function expression, called with `args`. */
  script: string;
  /** The cache the build shipped (read only). */
  shipped?: string;
  /** The folder of the user's caches (made on first write); undefined: never write. */
  userFolder?: string;
  /** The user's cache file, instead of the one `userCachePath` names in `userFolder`. */
  userFile?: string;
  /** What the script's function is called with. */
  args: readonly unknown[];
  /**
   * When a start found no cache that fits, it writes one this long after the script ran
   * (its timer does not hold the process): by then the functions of `initialize` and
   * `session/new` are compiled too, and they go into the cache. 0: at once.
   */
  writeAfterMs: number;
  /** Debug lines (stderr). */
  debug?: (message: string) => void;
  /** Node's crc32 (injectable for the test of Node < 20.15). */
  crc32?: ((data: Uint8Array) => number) | undefined;
}

/** What a start did with the caches (for tests and the debug log). */
export interface CachedScriptRun {
  /** What the script's function returned. */
  result: unknown;
  /** The cache handed to V8, if any. */
  used?: string;
  /** V8 refused it. */
  rejected: boolean;
  /** Where a new cache goes (a timer is set), if any. */
  writes?: string;
  /** Resolves once the new cache was written or given up (at once without a write). */
  written: Promise<void>;
}

/** The file of the user's cache for this script under this Node: one per both. */
export function userCachePath(folder: string, scriptCrc: number): string {
  const id = `${scriptCrc.toString(16).padStart(8, "0")}-${process.version}-${process.arch}`;
  return join(folder, `code-${id}.v8cache`);
}

/** The Node that reads a cache: a cache of another is never handed to V8. */
const nodeKey = (): string => `${process.version} ${process.arch} ${process.platform}`;

export function runCachedScript(options: CachedScriptOptions): CachedScriptRun {
  const debug = options.debug ?? (() => {});
  const crc32 = "crc32" in options ? options.crc32 : defaultCrc32();
  const bytes = readFileSync(options.script);
  const source = bytes.toString("utf8");
  const scriptCrc = crc32?.(bytes);
  const keyCrc = crc32?.(Buffer.from(nodeKey()));
  const userFile =
    options.userFolder === undefined || scriptCrc === undefined
      ? undefined
      : (options.userFile ?? userCachePath(options.userFolder, scriptCrc));

  let used: string | undefined;
  let cachedData: Buffer | undefined;
  if (crc32 && scriptCrc !== undefined && keyCrc !== undefined)
    for (const file of [userFile, options.shipped]) {
      if (file === undefined) continue;
      cachedData = readCache(file, crc32, keyCrc, scriptCrc, debug);
      if (cachedData) {
        used = file;
        break;
      }
    }

  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const script = new Script(source, { filename: options.script, cachedData });
  const rejected = cachedData !== undefined && script.cachedDataRejected === true;
  const t1 = performance.now();
  const c1 = process.cpuUsage(c0);
  const fn = script.runInThisContext() as (...args: unknown[]) => unknown;
  const result = fn(...options.args);
  const how = rejected ? `${used} rejected by V8` : (used ?? "no code cache");
  const c2 = process.cpuUsage(c0);
  const cpu = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1000;
  debug(
    `compiled in ${ms(t1 - t0)} (CPU ${ms(cpu(c1))}), ran in ${ms(performance.now() - t1)} ` +
      `(CPU ${ms(cpu(c2) - cpu(c1))}; ${how})`,
  );

  const run: CachedScriptRun = {
    result,
    used,
    rejected,
    writes: undefined,
    written: Promise.resolve(),
  };
  // A start that used the user's cache, or the shipped one as it is, writes nothing.
  const fits = cachedData !== undefined && !rejected;
  if (fits || !userFile || !crc32 || keyCrc === undefined || scriptCrc === undefined) return run;
  run.writes = userFile;
  run.written = new Promise((resolve) => {
    const write = (): void => {
      writeCache(userFile, script, crc32, keyCrc, scriptCrc, debug);
      resolve();
    };
    if (options.writeAfterMs <= 0) write();
    else setTimeout(write, options.writeAfterMs).unref();
  });
  return run;
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

function defaultCrc32(): ((data: Uint8Array) => number) | undefined {
  const crc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  return typeof crc32 === "function" ? crc32 : undefined;
}

/** The cache data of `file` if its header says it is for this Node and this script. */
function readCache(
  file: string,
  crc32: (data: Uint8Array) => number,
  keyCrc: number,
  scriptCrc: number,
  debug: (message: string) => void,
): Buffer | undefined {
  let raw: Buffer;
  try {
    raw = readFileSync(file);
  } catch {
    return undefined; // none (yet)
  }
  const data = raw.subarray(HEADER_BYTES);
  const fits =
    raw.length > HEADER_BYTES &&
    raw.readUInt32LE(0) === MAGIC &&
    raw.readUInt32LE(4) === keyCrc &&
    raw.readUInt32LE(8) === scriptCrc &&
    raw.readUInt32LE(12) === crc32(data);
  if (!fits) debug(`ignored a code cache made for something else, or torn: ${file}`);
  return fits ? data : undefined;
}

/** Writes the script's cache as it is now, to a temporary file renamed into place. */
function writeCache(
  file: string,
  script: Script,
  crc32: (data: Uint8Array) => number,
  keyCrc: number,
  scriptCrc: number,
  debug: (message: string) => void,
): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const data = script.createCachedData();
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(keyCrc, 4);
    header.writeUInt32LE(scriptCrc, 8);
    header.writeUInt32LE(crc32(data), 12);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, Buffer.concat([header, data]));
    renameSync(temporary, file);
    debug(`wrote the code cache ${file} (${data.length} bytes)`);
  } catch (error) {
    debug(`could not write the code cache ${file}: ${String(error)}`);
  }
}
