import type { SDKAssistantMessageError } from "@anthropic-ai/claude-agent-sdk";
import type { QuotaExceededData } from "../../translation/quota/pools.js";
import { quotaExceeded, turnFailed, type AdapterError } from "../../util/adapter-error.js";

/** What a failed turn reads of the account's quota: the limit that refused, if one did. */
export interface QuotaParts {
  readonly quota?: { readonly exceeded: QuotaExceededData | undefined } | undefined;
}

/**
 * A turn that failed: `quotaExceeded` (the quotas RFD) when Claude Code tagged the failed
 * call `rate_limit` and its last rate-limit report rejected the account's requests (the
 * pool, meter and reset in `data`); else `turnFailed`. `errorKind`: upstream's
 * `data.errorKind`, Claude Code's tag of the failed call, for a client that gets it.
 */
export function turnFailure(
  text: string,
  errorKind: SDKAssistantMessageError | undefined,
  assistantError: SDKAssistantMessageError | undefined,
  { quota }: QuotaParts,
): AdapterError {
  const data = errorKind === undefined ? undefined : { errorKind };
  const exceeded = assistantError === "rate_limit" ? quota?.exceeded : undefined;
  return exceeded ? quotaExceeded(text, { ...exceeded, ...data }) : turnFailed(text, data);
}
