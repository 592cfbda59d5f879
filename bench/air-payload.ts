import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { PROFILES, Scenario } from "../test/support/acp-harness.js";

/**
 * AIR payload benchmark (issue 16: "the AIR payload of a one-line edit to a 12,000-line
 * file"): what the client receives for ONE Edit tool call that changes one line in the
 * middle of a 12,000-line file: the permission request plus every `session/update` of
 * that tool call, as the JSON text of each message. Per client: a plain client, Zed, AIR
 * without and with `diffPatch`. Each run is a real adapter, real Claude Code and the
 * scripted model (test/support), in the default permission mode so the request is sent.
 *
 * Target (issue 16): ≤ 4 KB for AIR with diffPatch (the upstream adapter: 2.1 KB; this
 * adapter before AIR I: 1.83 MB).
 *
 * Run: npm run bench:air-payload   (builds first; about half a minute)
 */
const TARGET_BYTES = 4096;
const TOOL_ID = "toolu_big";

const air = (...capabilities: string[]): ClientCapabilities => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});

const CLIENTS: ReadonlyArray<readonly [string, ClientCapabilities]> = [
  ["plain client", PROFILES.plain],
  ["Zed", PROFILES.zed],
  ["AIR (no diffPatch)", air()],
  ["AIR + diffPatch", air("diffPatch")],
];

interface Payload {
  readonly messages: number;
  readonly bytes: number;
  readonly largest: number;
}

async function measure(capabilities: ClientCapabilities): Promise<Payload> {
  const s = await Scenario.start({ settings: { permissions: { defaultMode: "default" } } });
  try {
    const file = join(s.workspace, "big.txt");
    const lines = Array.from({ length: 12_000 }, (_, i) => `line ${i + 1}\n`).join("");
    writeFileSync(file, lines);
    s.model.push(
      {
        blocks: [
          {
            type: "tool_use",
            id: TOOL_ID,
            name: "Edit",
            input: {
              file_path: file,
              old_string: "line 6000\n",
              new_string: "line 6000 changed\n",
            },
          },
        ],
      },
      { blocks: [{ type: "text", text: "done" }] },
    );
    await s.initialize(capabilities);
    const sessionId = await s.newSession();
    const { stopReason } = await s.prompt(sessionId, "edit");
    if (stopReason !== "end_turn") throw new Error(`the turn ended ${stopReason}`);
    if (!readFileSync(file, "utf8").includes("line 6000 changed\n"))
      throw new Error("the edit was not made");
    const sizes = s
      .sentByAdapter()
      .map((m) => JSON.stringify(m))
      .filter((m) => m.includes(`"${TOOL_ID}"`))
      .map((m) => Buffer.byteLength(m));
    return {
      messages: sizes.length,
      bytes: sizes.reduce((a, b) => a + b, 0),
      largest: Math.max(0, ...sizes),
    };
  } finally {
    await s.close();
  }
}

function kb(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(2)} KB`
    : `${(bytes / 1048576).toFixed(2)} MB`;
}

async function main(): Promise<void> {
  const rows: string[] = [];
  let air: Payload | undefined;
  for (const [name, capabilities] of CLIENTS) {
    process.stderr.write(`measuring ${name}…\n`);
    const payload = await measure(capabilities);
    if (name === "AIR + diffPatch") air = payload;
    rows.push(
      `| ${name} | ${payload.messages} | ${payload.bytes} (${kb(payload.bytes)}) | ${kb(payload.largest)} |`,
    );
  }
  console.log(
    "One-line Edit of a 12,000-line file: permission request + every update of the tool call",
  );
  console.log("");
  console.log("| client | messages | bytes | largest message |");
  console.log("| --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
  if (air) {
    const verdict = air.bytes <= TARGET_BYTES ? "PASS" : "MISS";
    console.log("");
    console.log(`AIR + diffPatch: ${air.bytes} bytes, target ≤ ${TARGET_BYTES}: ${verdict}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
