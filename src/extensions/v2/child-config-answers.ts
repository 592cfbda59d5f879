import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { invalidInput } from "../../util/adapter-error.js";

/**
 * `session/set_config_option` on a subagent's child session. v2 says an agent "MUST
 * support this method for any session where they advertise config options": a child's
 * options (`child-config.ts`) each offer their one value, what the subagent runs with.
 * Setting that value changes nothing and answers the child's options; any other value,
 * or an option the child does not show, is invalid (-32602), and nothing changes.
 */
export class ChildConfigAnswers {
  private readonly children = new Set<string>();
  /** The options each child session was last sent. */
  private readonly shown = new Map<string, v2.SessionConfigOption[]>();

  /** `sessionId` is a child session (announced on its parent). */
  child(sessionId: string): void {
    this.children.add(sessionId);
  }

  /** An update went out on `sessionId` (v2 shapes): a child's options are kept. */
  sent(sessionId: string, update: { sessionUpdate?: unknown; configOptions?: unknown }): void {
    if (update.sessionUpdate !== "config_option_update" || !this.children.has(sessionId)) return;
    this.shown.set(sessionId, update.configOptions as v2.SessionConfigOption[]);
  }

  /** The answer for a child session; undefined: not a child's (the agent's sessions). */
  answer(
    sessionId: string,
    configId: string,
    value: unknown,
  ): { configOptions: v2.SessionConfigOption[] } | undefined {
    if (!this.children.has(sessionId)) return undefined;
    const configOptions = this.shown.get(sessionId) ?? [];
    const option = configOptions.find((o) => o.configId === configId);
    if (!option)
      throw invalidInput(`unknown config option ${JSON.stringify(configId)}`, { configId });
    if (!("currentValue" in option) || option.currentValue !== value) {
      throw invalidInput(
        `a subagent's ${option.name.toLowerCase()} is the one it runs with: ${JSON.stringify(
          "currentValue" in option ? option.currentValue : undefined,
        )}`,
        { configId, value },
      );
    }
    return { configOptions };
  }

  forget(sessionId: string): void {
    this.children.delete(sessionId);
    this.shown.delete(sessionId);
  }
}
