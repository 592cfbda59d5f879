/**
 * Installs a packed claude-agent-acp (`npm pack`) into a folder of its own, without the
 * network: the dependencies come from npm's cache, at the versions of this checkout's
 * package-lock.json (the ones `npm ci` put in the cache and the tests ran with).
 *
 *   node scripts/install-offline.mjs <folder> [claude-agent-acp-<version>.tgz]
 *
 * Without a tarball it packs this checkout first (`npm pack`, which builds). The bin is
 * then `<folder>/node_modules/.bin/claude-agent-acp`: the command an editor runs.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const checkout = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [folderArg, tarballArg] = process.argv.slice(2);
if (!folderArg) {
  console.error(
    "usage: node scripts/install-offline.mjs <folder> [claude-agent-acp-<version>.tgz]",
  );
  process.exit(2);
}
const folder = resolve(folderArg);
mkdirSync(folder, { recursive: true });

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const pkg = JSON.parse(readFileSync(join(checkout, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(join(checkout, "package-lock.json"), "utf8"));

let tarball = tarballArg ? resolve(tarballArg) : undefined;
if (!tarball) {
  const packed = execFileSync(npm, ["pack", "--pack-destination", folder], {
    cwd: checkout,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  tarball = join(folder, packed.trim().split("\n").pop());
}
const file = basename(tarball);
if (dirname(tarball) !== folder) copyFileSync(tarball, join(folder, file));

// A lockfile for the folder: the tarball, and every runtime package of the checkout's
// lockfile at the same place in node_modules. `npm ci` then needs no registry metadata.
const spec = `file:${file}`;
const packages = {
  "": { dependencies: { [pkg.name]: spec } },
  [`node_modules/${pkg.name}`]: {
    version: pkg.version,
    resolved: spec,
    license: pkg.license,
    dependencies: pkg.dependencies,
    bin: pkg.bin,
    engines: pkg.engines,
  },
};
for (const [path, entry] of Object.entries(lock.packages)) {
  if (path.startsWith("node_modules/") && !entry.dev) packages[path] = entry;
}
const manifest = { name: `${pkg.name}-install`, private: true, dependencies: { [pkg.name]: spec } };
writeFileSync(join(folder, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(
  join(folder, "package-lock.json"),
  `${JSON.stringify({ name: manifest.name, lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
);

execFileSync(npm, ["ci", "--offline", "--no-audit", "--no-fund", "--loglevel=error"], {
  cwd: folder,
  stdio: ["ignore", "inherit", "inherit"],
});
console.error(`installed: ${join(folder, "node_modules", ".bin", pkg.name)}`);
