/**
 * The scripted model server of one bench run, in a worker thread of its own (see
 * model-thread.ts for why). Messages in: `push` (turns), `mainRequests`, `close`.
 * Messages out: `ready` (url), `main` (a main request arrived, epoch ms), answers.
 */
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import {
  classifyRequest,
  startModelServer,
  type ScriptedTurn,
} from "../test/support/model-server.js";

type Inbound =
  | { readonly type: "push"; readonly id: number; readonly turns: ScriptedTurn[] }
  | { readonly type: "mainRequests"; readonly id: number }
  | { readonly type: "close"; readonly id: number };

const port = parentPort!;
const { script } = workerData as { script: ScriptedTurn[] };

const server = await startModelServer({
  script,
  isMain: (req) => {
    if (classifyRequest(req.method, req.path, req.body).main) {
      port.postMessage({ type: "main", at: performance.timeOrigin + performance.now() });
    }
    return undefined;
  },
});

port.on("message", (message: Inbound) => {
  switch (message.type) {
    case "push":
      server.push(...message.turns);
      port.postMessage({ type: "done", id: message.id });
      return;
    case "mainRequests":
      port.postMessage({ type: "done", id: message.id, value: server.mainRequests() });
      return;
    case "close":
      void server.close().then(() => port.postMessage({ type: "done", id: message.id }));
      return;
  }
});

port.postMessage({ type: "ready", url: server.url });
