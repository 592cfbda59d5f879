/**
 * The command lists of the v2 accepted differences (`accepted-differences-v2.ts`): one
 * key per whole command, so that each key still names one command of one answer.
 */

/** Every key of a whole command on one side only, in the answer of `method`. */
export function commands(method: string, names: readonly string[], side: string): string[] {
  return names.map((name) => `← ${method} result availableCommands[name=${name}]* | ${side}`);
}
