/**
 * The second gate of `npm run mutation`, after Stryker's own `thresholds.break` (the whole
 * pure layer): the modules whose every character reaches a user must score higher.
 *
 *   node scripts/mutation-gate.mjs [report.json ...]
 *
 * Each report's files replace the same files of the reports before it (the redaction pass,
 * static mutants included, replaces redact.ts of the whole-layer pass that left them out).
 *
 * Why a script: Stryker has one break threshold for the whole run. Redaction (what must
 * never leak) and the modules that spell wire shapes (what a client parses) are held to
 * STRICT_THRESHOLD; the rest of the pure layer to OVERALL_THRESHOLD. Prints a score per
 * group and per file under its group's threshold, and exits 1 when a group is below.
 */
import { existsSync, readFileSync } from "node:fs";
import { STRICT_MODULES } from "../stryker.config.mjs";

export const OVERALL_THRESHOLD = 85;
export const STRICT_THRESHOLD = 90;

/** Stryker's mutation score: detected over all valid mutants (no coverage counts as undetected). */
export function score(mutants) {
  let detected = 0;
  let valid = 0;
  for (const { status } of mutants) {
    if (status === "Killed" || status === "Timeout") detected++;
    if (
      status === "Killed" ||
      status === "Timeout" ||
      status === "Survived" ||
      status === "NoCoverage"
    )
      valid++;
  }
  return { detected, valid, percent: valid === 0 ? 100 : (100 * detected) / valid };
}

/** A glob of stryker.config.mjs's lists (`**`, `*`) as a RegExp over repository paths. */
export function globRegExp(glob) {
  const source = glob
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) => {
      if (part === "**/") return "(?:.*/)?";
      if (part === "**") return ".*";
      if (part === "*") return "[^/]*";
      return part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${source}$`);
}

/**
 * One report of several: a file of a later report replaces the same file of an earlier one.
 * A file that is no longer in the tree (`exists` says so) is left out: it scores nothing.
 */
export function merged(reports, exists = existsSync) {
  const files = {};
  for (const report of reports) {
    for (const [path, file] of Object.entries(report.files)) files[repositoryPath(path)] = file;
  }
  return { files: Object.fromEntries(Object.entries(files).filter(([path]) => exists(path))) };
}

/** A report's file key as a path from the repository root (Stryker may write it absolute). */
function repositoryPath(path) {
  return path.replace(/^.*?(?=src\/)/, "");
}

export function gate(report, strictGlobs = STRICT_MODULES) {
  const strict = strictGlobs.map(globRegExp);
  const groups = { overall: [], strict: [] };
  const lines = [];
  const files = Object.entries(report.files).map(([path, file]) => [
    repositoryPath(path),
    file.mutants,
  ]);
  for (const [path, mutants] of files) {
    groups.overall.push(...mutants);
    const isStrict = strict.some((re) => re.test(path));
    if (isStrict) groups.strict.push(...mutants);
    const threshold = isStrict ? STRICT_THRESHOLD : OVERALL_THRESHOLD;
    const { percent, detected, valid } = score(mutants);
    if (percent < threshold) {
      lines.push(`  below ${threshold} %: ${path} ${percent.toFixed(2)} % (${detected}/${valid})`);
    }
  }
  const overall = score(groups.overall);
  const strictScore = score(groups.strict);
  const failed = overall.percent < OVERALL_THRESHOLD || strictScore.percent < STRICT_THRESHOLD;
  return {
    failed,
    text: [
      `mutation score, whole pure layer: ${overall.percent.toFixed(2)} % (${overall.detected}/${overall.valid}; threshold ${OVERALL_THRESHOLD} %)`,
      `mutation score, redaction and wire shapes: ${strictScore.percent.toFixed(2)} % (${strictScore.detected}/${strictScore.valid}; threshold ${STRICT_THRESHOLD} %)`,
      ...(lines.length > 0 ? ["files under their group's threshold (to look at):", ...lines] : []),
    ].join("\n"),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const paths = process.argv.slice(2);
  const reports = (paths.length > 0 ? paths : ["reports/mutation/mutation.json"]).map((path) =>
    JSON.parse(readFileSync(path, "utf8")),
  );
  const { failed, text } = gate(merged(reports));
  process.stdout.write(`${text}\n`);
  process.exit(failed ? 1 : 0);
}
