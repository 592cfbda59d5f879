import type { SteerResult } from "../../translation/steer-request.js";
import { NO_RUNNING_TURN, STEER_OUTCOMES } from "./keys.js";

/** The answer to `_session/steering`. */
export type SteerAnswer =
  | { readonly outcome: typeof STEER_OUTCOMES.injected }
  | { readonly outcome: typeof STEER_OUTCOMES.startedNewTurn }
  | { readonly outcome: typeof STEER_OUTCOMES.promptRequired; readonly reason: string };

/** `SteerResult` → the wire answer. */
export function steerAnswer(result: SteerResult): SteerAnswer {
  switch (result) {
    case "injected":
      return { outcome: STEER_OUTCOMES.injected };
    case "started":
      return { outcome: STEER_OUTCOMES.startedNewTurn };
    case "refused":
      return { outcome: STEER_OUTCOMES.promptRequired, reason: NO_RUNNING_TURN };
  }
}
