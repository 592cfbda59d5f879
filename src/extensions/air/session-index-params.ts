import { z } from "zod";

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
