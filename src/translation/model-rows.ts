import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { DEFAULT_MODEL } from "./recommended-values.js";

/*
 * The name and description of each row of the `model` option, for every client, as the
 * published upstream adapter (0.101.0) forms them from Claude Code's model list (spec
 * air-extensions.md "Compatibility rule": a client that is not AIR gets upstream's values;
 * "Recommended config values" › Model: "This label change applies to every client").
 */

/** A label that is a model family: "Opus", "Claude Haiku", "Opus 4.1 (1M context)". */
const FAMILY_LABEL =
  /^(?:Claude\s+)?(?<family>[a-z][a-z0-9-]*)(?:\s+\d+(?:\.\d+)?)?(?:\s+\(\d+[mk]\s+context\))?$/i;
/** The context suffix of a label: " (1M context)". */
const CONTEXT_SUFFIX = /\s+\((?<size>\d+[mk])\s+context\)$/i;
/** A version already in a label. */
const LABEL_VERSION = /\b\d+(?:\.\d+)?\b/;

/**
 * The concrete version of `family` in the model's metadata (its resolved id, then its
 * description, then its value): `claude-haiku-4-5-20251001` → "4.5", "Sonnet 5 · …" → "5".
 * A snapshot date is no minor version (`claude-opus-4-20250514` → "4"), where upstream
 * measurably shows "Opus 4.20250514": the spec asks for the concrete version.
 */
function familyVersion(model: ModelInfo, family: string): string | undefined {
  const pattern = new RegExp(`\\b${family}[-\\s]+(\\d+)(?:[-.](\\d{1,2})(?!\\d))?`, "i");
  for (const source of [model.resolvedModel, model.description, model.value]) {
    const found = source ? pattern.exec(source) : null;
    if (found) return found[2] ? `${found[1]}.${found[2]}` : found[1];
  }
  return undefined;
}

/**
 * One row's label before the collision check: a family label gets its version ("Sonnet"
 * → "Sonnet 5.5"); its context suffix goes when the description names that context
 * ("… 1M context"), else it stays after the version ("Opus 5.5 (1M context)"); a label
 * that has a version already only loses such a suffix. Any other label stays.
 */
function versionedLabel(model: ModelInfo): string {
  const label = model.displayName;
  const family = FAMILY_LABEL.exec(label)?.groups?.family;
  const version = family ? familyVersion(model, family) : undefined;
  if (!version) return label;
  const suffix = CONTEXT_SUFFIX.exec(label);
  const bare = label.replace(CONTEXT_SUFFIX, "");
  const described =
    suffix !== null &&
    new RegExp(`\\b${suffix.groups!.size}\\s+context\\b`, "i").test(model.description);
  if (LABEL_VERSION.test(bare)) return described ? bare : label;
  return described || !suffix ? `${bare} ${version}` : `${bare} ${version}${suffix[0]}`;
}

/** How many times each text occurs in `texts`. */
function counts(texts: readonly string[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const text of texts) seen.set(text, (seen.get(text) ?? 0) + 1);
  return seen;
}

/**
 * The label of each row, by value: its versioned label; rows whose versioned labels
 * collide keep Claude Code's; rows whose labels still collide (an allowlist's aliases of
 * one model) get their value after it ("Opus (opus-a)").
 */
export function modelLabels(models: readonly ModelInfo[]): Map<string, string> {
  const versioned = models.map(versionedLabel);
  const versionedCounts = counts(versioned);
  const labels = models.map((m, i) =>
    versionedCounts.get(versioned[i]!) === 1 ? versioned[i]! : m.displayName,
  );
  const labelCounts = counts(labels);
  return new Map(
    models.map((m, i) => [
      m.value,
      labelCounts.get(labels[i]!) === 1 ? labels[i]! : `${labels[i]!} (${m.value})`,
    ]),
  );
}

/**
 * A row's description: the `default` row that names the model it runs (`resolvedModel`)
 * is described by that model, as Claude Code labels the other row that runs it ("Opus"),
 * else by its id; every other row keeps Claude Code's description, an empty one too.
 */
export function modelDescription(models: readonly ModelInfo[], model: ModelInfo): string {
  if (model.value !== DEFAULT_MODEL || !model.resolvedModel) return model.description;
  const named = models.find(
    (m) => m.value !== DEFAULT_MODEL && m.resolvedModel === model.resolvedModel,
  );
  return named?.displayName ?? model.resolvedModel;
}
