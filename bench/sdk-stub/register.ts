/**
 * `node --import dist/bench/sdk-stub/register.js <bin>`: the adapter's bin with the Claude
 * Agent SDK replaced by a stub (hooks.ts), to time what loading the SDK costs the adapter
 * before it can answer (early-spawn-window.ts). Nothing that needs the SDK works then.
 */
import { register } from "node:module";

register(new URL("./hooks.js", import.meta.url));
