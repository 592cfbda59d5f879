import {
  extensionMethod,
  type ExtensionMethod,
  type MethodHost,
} from "../../profile/extension-methods.js";
import { STOP_ASYNC_TASK, stopAsyncTaskParams } from "./async-tasks/stop-method.js";
import { goalParams, toGoalRequest } from "./goal-params.js";
import { GOAL_METHOD, SESSION_INDEX_METHODS as INDEX } from "./keys.js";
import {
  batchGetParams,
  listSubscribeParams,
  listUnsubscribeParams,
  renameParams,
  sessionIdParams,
} from "./session-index-params.js";

/**
 * AIR's own requests: the goal control, the session index (`sessionIndex`) and the stop of
 * an async task. Each answers a client that did not negotiate its capability as its
 * service does (method-not-found for the goal and the index; the stop is every client's).
 */
export function airMethods(host: MethodHost): ExtensionMethod[] {
  const index = host.sessionIndex;
  return [
    extensionMethod(GOAL_METHOD, goalParams, (params) => host.controls.goal(toGoalRequest(params))),
    extensionMethod(INDEX.rename, renameParams, (params) =>
      index.rename(params.sessionId, params.title),
    ),
    extensionMethod(INDEX.archive, sessionIdParams, (params) =>
      index.setArchived(params.sessionId, true),
    ),
    extensionMethod(INDEX.unarchive, sessionIdParams, (params) =>
      index.setArchived(params.sessionId, false),
    ),
    extensionMethod(INDEX.batchGet, batchGetParams, (params) => index.batchGet(params.sessionIds)),
    extensionMethod(INDEX.listSubscribe, listSubscribeParams, (params) =>
      index.subscribe(params.cwd),
    ),
    extensionMethod(INDEX.listUnsubscribe, listUnsubscribeParams, (params) =>
      index.unsubscribe(params.subscriptionId),
    ),
    extensionMethod(STOP_ASYNC_TASK, stopAsyncTaskParams, (params) =>
      host.session(params.sessionId).stopAsyncTask(params.asyncTaskId),
    ),
  ];
}
