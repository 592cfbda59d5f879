import { z } from "zod";
import { isAbsolute } from "node:path";

/** At most this many ids per `_session/batch_get` (a page of `session/list`). */
const BATCH_LIMIT = 1000;

/** `_session/archive` and `_session/unarchive` params. */
export const sessionIdParams = z.looseObject({ sessionId: z.string().min(1) });

/** `_session/rename` params: a title with some text in it. */
export const renameParams = z.looseObject({
  sessionId: z.string().min(1),
  title: z.string().refine((text) => text.trim().length > 0, "title is blank"),
});

/** `_session/batch_get` params: the ids to look up. */
export const batchGetParams = z.looseObject({
  sessionIds: z.array(z.string()).max(BATCH_LIMIT),
});

/** `_session/list/subscribe` params: the absolute directory whose sessions to follow. */
export const listSubscribeParams = z.looseObject({
  cwd: z.string().refine(isAbsolute, "cwd must be an absolute path"),
});

/** `_session/list/unsubscribe` params. */
export const listUnsubscribeParams = z.looseObject({ subscriptionId: z.string() });
