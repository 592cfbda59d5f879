import type { ExtensionHooks } from "../../profile/hooks.js";
import type { ZedProfile } from "./profile.js";
import { terminalDecorator } from "./terminal-decorator.js";
import { terminalAuthMeta } from "./terminal-auth.js";

/** What a client that declared the Zed conventions gets at the core's hook points. */
export function zedHooks(zed: ZedProfile): Partial<ExtensionHooks> {
  return {
    ...(zed.terminalOutput
      ? { toolCallDecorators: [terminalDecorator(zed.terminalOutputDelta)] }
      : {}),
    ...(zed.subagentTranscript ? { subagentsOnRoot: true } : {}),
    ...(zed.terminalAuth ? { terminalLoginMeta: terminalAuthMeta } : {}),
  };
}
