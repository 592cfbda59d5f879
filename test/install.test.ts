import { execFile, spawn } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, waitForExit } from "./support/acp-harness.js";

const run = promisify(execFile);
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
};

/**
 * The package as a user gets it: `npm pack` of this checkout (built by `npm test`), then
 * the offline install of the README into a folder of its own. What runs afterwards runs
 * from that folder, not from the checkout.
 */
describe("the packed and installed package", { timeout: 180_000 }, () => {
  let root = "";
  let folder = "";
  let bin = "";
  /** npm's own variables (set by `npm test`) must not steer the install. */
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)),
  );

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "acp-install-")));
    folder = join(root, "install");
    const packed = await run("npm", ["pack", "--ignore-scripts", "--pack-destination", root], {
      cwd: REPO_ROOT,
      env,
    });
    const tarball = join(root, packed.stdout.trim().split("\n").pop()!);
    await run(process.execPath, ["scripts/install-offline.mjs", folder, tarball], {
      cwd: REPO_ROOT,
      env: { ...env, npm_config_offline: "true" },
    });
    bin = join(folder, "node_modules", ".bin", pkg.name);
  }, 180_000);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("holds the bin, the library and its types, and nothing of the sources", () => {
    const installed = join(folder, "node_modules", pkg.name);
    expect(readdirSync(join(installed, "dist")).sort()).toEqual([
      "chunks",
      "claude-agent-acp.js",
      "claude-agent-acp.js.map",
      "claude-agent-acp.script.js",
      "claude-agent-acp.script.js.map",
      "claude-agent-acp.script.js.v8cache",
      "lib.js",
      "lib.js.map",
      "src",
    ]);
    expect(readdirSync(installed)).not.toContain("src");
  });

  it("prints its version on stdout", async () => {
    const { stdout, stderr } = await run(bin, ["--version"], { env });
    expect(stdout).toBe(`${pkg.version}\n`);
    expect(stderr).toBe("");
  });

  it("finds the Claude Agent SDK and its Claude Code inside the install", async () => {
    const require = createRequire(join(folder, "node_modules", pkg.name, "package.json"));
    expect(require.resolve("@anthropic-ai/claude-agent-sdk")).toContain(
      join(folder, "node_modules", "@anthropic-ai", "claude-agent-sdk"),
    );
    // `--cli` runs the Claude Code binary the install found.
    const { stdout } = await run(bin, ["--cli", "--version"], { env });
    expect(stdout).toMatch(/\(Claude Code\)/);
  });

  it("answers initialize over stdio", async () => {
    const home = join(root, "home");
    mkdirSync(home, { recursive: true });
    const adapter = spawn(bin, [], {
      cwd: root,
      stdio: ["pipe", "pipe", "pipe"],
      env: {
        ...env,
        HOME: home,
        TMPDIR: root,
        CLAUDE_CONFIG_DIR: join(home, ".claude"),
        ANTHROPIC_API_KEY: "sk-ant-test-key-000000",
        ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      },
    });
    let stdout = "";
    adapter.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    adapter.stdin!.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1, clientCapabilities: {} } })}\n`,
    );
    const deadline = Date.now() + 20_000;
    while (!stdout.includes("\n") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    adapter.stdin!.end();
    if (!(await waitForExit(adapter, 10_000))) adapter.kill("SIGKILL");
    const answer = JSON.parse(stdout.split("\n")[0]!) as Record<string, unknown>;
    expect(answer).toMatchObject({
      jsonrpc: "2.0",
      id: 1,
      result: {
        protocolVersion: 1,
        agentInfo: { name: "claude-agent-acp", version: pkg.version },
      },
    });
  });

  it("offers the library with its types to a TypeScript host", async () => {
    const host = join(folder, "host.mts");
    const source = [
      `import { ClaudeAcpAgent, serveAcp, PACKAGE_VERSION, type AcpConnection } from "${pkg.name}";`,
      "const agent: ClaudeAcpAgent = new ClaudeAcpAgent({ hideClaudeAuth: true });",
      "const serve: typeof serveAcp = serveAcp;",
      "const connection: AcpConnection | undefined = undefined;",
      "export { agent, serve, connection, PACKAGE_VERSION };",
    ].join("\n");
    writeFileSync(host, source);
    const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    await run(
      process.execPath,
      [
        tsc,
        ...["--noEmit", "--strict", "--module", "nodenext", "--types", "node"],
        ...["--typeRoots", join(REPO_ROOT, "node_modules", "@types"), host],
      ],
      { cwd: folder, env },
    ).catch((error: { stdout?: string }) => {
      throw new Error(`tsc: ${error.stdout}`);
    });
    const { stdout } = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const lib = await import("${pkg.name}"); console.log(typeof lib.ClaudeAcpAgent, lib.PACKAGE_VERSION);`,
      ],
      { cwd: folder, env },
    );
    expect(stdout).toBe(`function ${pkg.version}\n`);
  });
});
