/** ANSI styling for the demo transcript; every function is the identity when colour is off. */
export interface Palette {
  readonly bold: (s: string) => string;
  readonly dim: (s: string) => string;
  readonly italic: (s: string) => string;
  readonly red: (s: string) => string;
  readonly green: (s: string) => string;
  readonly yellow: (s: string) => string;
  readonly blue: (s: string) => string;
  readonly magenta: (s: string) => string;
  readonly cyan: (s: string) => string;
}

function sgr(open: number, close: number): (s: string) => string {
  return (s) => (s === "" ? s : `\x1b[${open}m${s}\x1b[${close}m`);
}

const identity = (s: string): string => s;

export function palette(color: boolean): Palette {
  if (!color) {
    return {
      bold: identity,
      dim: identity,
      italic: identity,
      red: identity,
      green: identity,
      yellow: identity,
      blue: identity,
      magenta: identity,
      cyan: identity,
    };
  }
  return {
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    italic: sgr(3, 23),
    red: sgr(31, 39),
    green: sgr(32, 39),
    yellow: sgr(33, 39),
    blue: sgr(34, 39),
    magenta: sgr(35, 39),
    cyan: sgr(36, 39),
  };
}

/**
 * Colour when stdout is a terminal, unless NO_COLOR is set (https://no-color.org);
 * FORCE_COLOR (non-empty, not "0") turns it on for pipes.
 */
export function wantsColor(env: NodeJS.ProcessEnv, isTTY: boolean | undefined): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== "0") return true;
  return isTTY === true;
}
