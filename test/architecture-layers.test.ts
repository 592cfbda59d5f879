import { describe, expect, it } from "vitest";
import { KNOWN_VIOLATIONS } from "./support/architecture-known.js";
import {
  againstKnown,
  EXTENSION_COMPOSITION,
  EXTENSION_PROFILES,
  extensionEntry,
  extensionIsolation,
  importCycles,
  LAYER_IMPORTS,
  layerOrder,
} from "./support/architecture-layers.js";
import type { Tree } from "./support/architecture-source.js";
import { readSourceTree } from "./support/source-tree.js";

/**
 * The layer order of ARCHITECTURE.md, extension isolation, the one door from the core to
 * the extensions, and no import cycles (test/support/architecture-layers.ts), run on the
 * real src/ against the violations still known (test/support/architecture-known.ts: a new
 * one fails, and so does a known one that is gone), and below on synthetic trees that
 * break and keep each rule. test/architecture.test.ts holds the other rules.
 */
const src = readSourceTree();

describe("architecture: layers", () => {
  it("imports follow the layer order, and every file is in a layer", () => {
    expect(againstKnown(layerOrder(src), KNOWN_VIOLATIONS.layers)).toEqual({ new: [], fixed: [] });
  });

  it("no extension imports another", () => {
    expect(againstKnown(extensionIsolation(src), KNOWN_VIOLATIONS.isolation)).toEqual({
      new: [],
      fixed: [],
    });
  });

  it(`the core reaches an extension only through ${EXTENSION_COMPOSITION}`, () => {
    expect(againstKnown(extensionEntry(src), KNOWN_VIOLATIONS.entry)).toEqual({
      new: [],
      fixed: [],
    });
  });

  it("no import cycles", () => {
    expect(againstKnown(importCycles(src), KNOWN_VIOLATIONS.cycles)).toEqual({
      new: [],
      fixed: [],
    });
  });

  it("each known violation is listed once", () => {
    for (const list of Object.values(KNOWN_VIOLATIONS))
      expect(new Set(list).size).toBe(list.length);
  });
});

/** Each rule above, shown to fail on a tree that breaks it and to pass one that keeps it. */
describe("layer rules catch what breaks them", () => {
  const tree = (files: Record<string, string>): Tree => new Map(Object.entries(files));
  const imports = (...paths: string[]): string =>
    paths.map((path, i) => `import { x${i} } from "${path}";`).join("\n");

  it("the layer table, outside in (ARCHITECTURE.md shows the same)", () => {
    const inner = ["session", "sdk", "translation", "profile", "client", "util"];
    expect(Object.fromEntries(LAYER_IMPORTS)).toEqual({
      bin: ["cli", "protocol", "agent", "composition", "extension", ...inner],
      cli: ["protocol", "agent", "composition", "extension", ...inner],
      protocol: ["agent", "composition", "extension", ...inner],
      agent: ["composition", "extension", ...inner],
      composition: ["extension", ...inner],
      extension: inner,
      session: ["sdk", "translation", "profile", "client", "util"],
      sdk: ["translation", "profile", "client", "util"],
      translation: ["profile", "client", "util"],
      profile: ["client", "util"],
      client: [],
      util: [],
    });
  });

  it("an import against the layer order, type-only too, and a file in no layer", () => {
    const broken = tree({
      "index.ts": "",
      "cli/flags.ts": imports("../index.js"),
      "protocol/table.ts": imports("../cli/flags.js"),
      "agent/service.ts": 'import type { T } from "../protocol/table.js";',
      "extensions/compose.ts": imports("../agent/service.js"),
      "extensions/air/hooks.ts": imports("../../agent/service.js", "../compose.js"),
      "session/a.ts": 'import type { Title } from "../agent/history/title.js";',
      "agent/history/title.ts": "",
      "sdk/query.ts": imports("../session/a.js"),
      "translation/auth.ts": 'import type { Status } from "../sdk/query.js";',
      "profile/profile.ts": imports("../translation/auth.js"),
      "util/text.ts": imports("../translation/redact.js", "./plain.js", "../client/port.js"),
      "util/plain.ts": "",
      "translation/redact.ts": "",
      "client/port.ts": imports("../util/plain.js", "../profile/profile.js"),
      // Other rules' imports: the core into an extension, an extension into another.
      "session/b.ts": imports("../extensions/air/hooks.js"),
      "extensions/lody/hooks.ts": imports("../air/hooks.js"),
      // Not placed: a new top folder, a shared file at the top of extensions/.
      "scratch/note.ts": "",
      "extensions/shared.ts": "",
    });
    expect(layerOrder(broken)).toEqual([
      "agent/service.ts → protocol/table.ts",
      "cli/flags.ts → index.ts",
      "client/port.ts → profile/profile.ts",
      "client/port.ts → util/plain.ts",
      "extensions/air/hooks.ts → agent/service.ts",
      "extensions/air/hooks.ts → extensions/compose.ts",
      "extensions/compose.ts → agent/service.ts",
      "extensions/shared.ts: in no layer",
      "profile/profile.ts → translation/auth.ts",
      "protocol/table.ts → cli/flags.ts",
      "scratch/note.ts: in no layer",
      "sdk/query.ts → session/a.ts",
      "session/a.ts → agent/history/title.ts",
      "translation/auth.ts → sdk/query.ts",
      "util/text.ts → client/port.ts",
      "util/text.ts → translation/redact.ts",
    ]);
    const clean = tree({
      "index.ts": imports("./cli/flags.js", "./run.js"),
      "run.ts": imports("./protocol/table.js", "./util/log.js"),
      "cli/flags.ts": imports("../util/log.js"),
      "protocol/table.ts": imports("../agent/service.js", "../translation/auth.js"),
      "agent/service.ts": imports("../extensions/compose.js", "./history/rows.js"),
      "agent/history/rows.ts": 'import type { S } from "../../sdk/transcripts/reader.js";',
      "extensions/compose.ts": imports("./air/hooks.js", "../profile/profile.js"),
      "extensions/air/hooks.ts": imports(
        "./keys.js",
        "../../session/hooks.js",
        "../../util/log.js",
      ),
      "extensions/air/keys.ts": "",
      "session/hooks.ts": imports("../sdk/query.js", "../client/port.js"),
      "sdk/query.ts": imports("./transcripts/reader.js", "../translation/auth.js"),
      "sdk/transcripts/reader.ts": imports("../../translation/auth.js"),
      "translation/auth.ts": imports("../profile/profile.js", "../util/log.js"),
      "profile/profile.ts": imports("../util/log.js"),
      "client/port.ts": "",
      "util/log.ts": "",
    });
    expect(layerOrder(clean)).toEqual([]);
  });

  it("an extension importing another extension", () => {
    const broken = tree({
      "extensions/lody/cards.ts": imports("../air/tasks/tracker.js"),
      "extensions/v2/mapping.ts": 'import type { K } from "../zed/keys.js";',
      "extensions/air/tasks/tracker.ts": 'export * from "../../lody/cards.js";',
      // A name that starts like another's is another extension.
      "extensions/air/a.ts": imports("../airline/b.js"),
      "extensions/airline/b.ts": "",
      "extensions/zed/keys.ts": "",
    });
    expect(extensionIsolation(broken)).toEqual([
      "extensions/air/a.ts → extensions/airline/b.ts",
      "extensions/air/tasks/tracker.ts → extensions/lody/cards.ts",
      "extensions/lody/cards.ts → extensions/air/tasks/tracker.ts",
      "extensions/v2/mapping.ts → extensions/zed/keys.ts",
    ]);
    const clean = tree({
      "extensions/air/a.ts": imports("./tasks/tracker.js", "../../translation/t.js"),
      "extensions/air/tasks/tracker.ts": imports("../keys.js", "../../../session/tasks.js"),
      "extensions/air/keys.ts": "",
      "extensions/compose.ts": imports("./air/a.js", "./lody/b.js"),
      "extensions/lody/b.ts": imports("../../session/tasks.js"),
      "session/tasks.ts": "",
      "translation/t.ts": "",
    });
    expect(extensionIsolation(clean)).toEqual([]);
  });

  it("the core importing an extension but through the composition, or no composition", () => {
    const broken = tree({
      "index.ts": imports("./extensions/zed/flags.js"),
      "agent/service.ts": imports("../extensions/lody/controls.js"),
      "session/taps.ts": imports("../extensions/lody/accounting.js"),
      "translation/tool.ts": 'import type { Patch } from "../extensions/air/patch.js";',
      "profile/profile.ts": imports("../extensions/air/profile.js"),
      // The profile door reads capability parsers only.
      [EXTENSION_PROFILES]: imports("../extensions/air/profile.js", "../extensions/air/patch.js"),
      "extensions/shared.ts": imports("./air/patch.js"),
      "extensions/zed/flags.ts": "",
      "extensions/lody/controls.ts": "",
      "extensions/lody/accounting.ts": "",
      "extensions/air/patch.ts": "",
      "extensions/air/profile.ts": "",
    });
    expect(extensionEntry(broken)).toEqual([
      "agent/service.ts → extensions/lody/controls.ts",
      `${EXTENSION_COMPOSITION}: not in the tree`,
      "extensions/shared.ts → extensions/air/patch.ts",
      "index.ts → extensions/zed/flags.ts",
      `${EXTENSION_PROFILES} → extensions/air/patch.ts`,
      "profile/profile.ts → extensions/air/profile.ts",
      "session/taps.ts → extensions/lody/accounting.ts",
      "translation/tool.ts → extensions/air/patch.ts",
    ]);
    // The composition is one module: another one named is the only door.
    const elsewhere = tree({
      "session/extensions.ts": imports("../extensions/air/hooks.js"),
      "extensions/air/hooks.ts": "",
    });
    expect(extensionEntry(elsewhere, "session/extensions.ts")).toEqual([]);
    expect(extensionEntry(elsewhere)).toEqual([
      `${EXTENSION_COMPOSITION}: not in the tree`,
      "session/extensions.ts → extensions/air/hooks.ts",
    ]);
    const clean = tree({
      [EXTENSION_COMPOSITION]: imports("./air/hooks.js", "./lody/hooks.js", "../profile/hooks.js"),
      "agent/service.ts": imports(`../${EXTENSION_COMPOSITION.replace(/\.ts$/, ".js")}`),
      "extensions/air/hooks.ts": imports("./patch.js", "../../profile/hooks.js"),
      "extensions/air/patch.ts": "",
      "extensions/lody/hooks.ts": imports("../../translation/tool.js"),
      "translation/tool.ts": imports("../profile/hooks.js"),
      "profile/hooks.ts": "// extensions/air/hooks.ts registers here",
      [EXTENSION_PROFILES]: imports("../extensions/air/profile.js", "./hooks.js"),
      "extensions/air/profile.ts": imports("./keys.js"),
      "extensions/air/keys.ts": "",
    });
    expect(extensionEntry(clean)).toEqual([]);
  });

  it("an import cycle, type-only too, and a file importing itself", () => {
    const broken = tree({
      "session/titles.ts": imports("./title-tracker.js"),
      "session/title-tracker.ts": 'import type { T } from "./titles.js";',
      "translation/compaction.ts": imports("../extensions/air/compaction.js"),
      "extensions/air/compaction.ts": imports("../lody/activity.js"),
      "extensions/lody/activity.ts": 'export { x } from "../../translation/compaction.js";',
      "util/self.ts": 'import { me } from "./self.js";',
      // Reaches a cycle without being in it.
      "session/session.ts": imports("./titles.js", "../translation/compaction.js"),
    });
    expect(importCycles(broken)).toEqual([
      "extensions/air/compaction.ts ↔ extensions/lody/activity.ts ↔ translation/compaction.ts",
      "session/title-tracker.ts ↔ session/titles.ts",
      "util/self.ts",
    ]);
    const diamond = tree({
      "a.ts": imports("./b.js", "./c.js"),
      "b.ts": imports("./d.js"),
      "c.ts": 'import type { D } from "./d.js";\nimport "./b.js";',
      "d.ts": imports("pkg", "./missing.js"),
    });
    expect(importCycles(diamond)).toEqual([]);
  });

  it("a known violation list: a new violation and a fixed one both show", () => {
    expect(againstKnown(["a → b", "c → d"], ["a → b", "e → f"])).toEqual({
      new: ["c → d"],
      fixed: ["e → f"],
    });
    expect(againstKnown(["a → b"], ["a → b"])).toEqual({ new: [], fixed: [] });
  });
});
