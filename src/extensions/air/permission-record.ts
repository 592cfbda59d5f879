import { commandText, compactText } from "../../util/compact-text.js";
import { AIR_VERSION } from "./keys.js";

/** `_meta.jetbrains.air.permission` of a `session/request_permission` ("Request"). */
export interface PermissionRecord {
  readonly version: typeof AIR_VERSION;
  readonly title: string;
  readonly description?: string;
  readonly defaultToNo?: true;
}

/** What the record is made of: the request's tool and the SDK's presentation facts. */
export interface PermissionRecordFacts {
  readonly toolName: string;
  /** The standard title of the request's tool call. */
  readonly title: string | undefined;
  /** The SDK `decisionReason`. */
  readonly decisionReason: string | undefined;
  readonly defaultToNo: boolean;
}

const MAX_TITLE = 200;
const MAX_DESCRIPTION = 1000;
const SHELLS = new Set(["Bash", "PowerShell"]);
/** ExitPlanMode's approval heading, as Claude Code asks it. */
const EXIT_PLAN_TITLE = "Ready to code?";

/**
 * The permission record: the tool card's title as the heading (one operation, one
 * heading), `Ready to code?` for ExitPlanMode, the SDK reason as `Reason: …`, and
 * `defaultToNo` only when the SDK asks for it. A title that is not valid compact text
 * falls back to the tool name; an invalid reason is left out.
 */
export function permissionRecord(facts: PermissionRecordFacts): PermissionRecord {
  const reason = compactText(facts.decisionReason, MAX_DESCRIPTION - "Reason: ".length);
  return {
    version: AIR_VERSION,
    title: recordTitle(facts),
    ...(reason ? { description: `Reason: ${reason}` } : {}),
    ...(facts.defaultToNo ? { defaultToNo: true as const } : {}),
  };
}

function recordTitle(facts: PermissionRecordFacts): string {
  if (facts.toolName === "ExitPlanMode") return EXIT_PLAN_TITLE;
  const title = SHELLS.has(facts.toolName)
    ? commandText(facts.title)
    : compactText(facts.title, MAX_TITLE);
  return title ?? compactText(facts.toolName, MAX_TITLE) ?? "Permission";
}
