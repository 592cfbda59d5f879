import { ownField } from "../../../util/plain-data.js";
import { AIR, AIR_VERSION, FILE_CHANGE_REPORT_REQUEST, JETBRAINS } from "../keys.js";

/** 1 to 128 ASCII letters, digits, `.`, `_`, `:` and `-` ("Request"). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id of a `session/prompt` `_meta.jetbrains.air.agentFileChangeReportRequest`
 * (air-extensions.md "Agent file-change report", "Request"), or undefined when the
 * request is absent or malformed: an object of exactly the keys `version` (the number 1)
 * and `requestId` (see `REQUEST_ID`). A malformed request is ignored, never an error.
 * Whether the id was used before is the session's to know.
 */
export function readFileChangeReportRequest(meta: unknown): string | undefined {
  const request = ownField(ownField(ownField(meta, JETBRAINS), AIR), FILE_CHANGE_REPORT_REQUEST);
  if (request === null || typeof request !== "object" || Array.isArray(request)) return undefined;
  // Own keys as sent: a `__proto__` key from JSON.parse counts as one more key.
  const keys = Object.keys(request);
  if (keys.length !== 2) return undefined;
  const version = ownField(request, "version");
  const requestId = ownField(request, "requestId");
  if (version !== AIR_VERSION || typeof requestId !== "string") return undefined;
  return REQUEST_ID.test(requestId) ? requestId : undefined;
}
