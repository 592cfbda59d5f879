/**
 * The permission modes the adapter asked Claude Code for whose echo has not arrived yet.
 * Claude Code answers every `setPermissionMode` with a `status` message that carries the
 * new mode, on the message stream, which the session reads behind the control answers:
 * after two quick changes (`acceptEdits`, then `default`), the first one's echo can
 * arrive once the second is recorded. Taken for Claude Code's own switch, it would put
 * the session back in the first mode (what a `set_config_option` answer once showed
 * under load). An echo is recognised by its mode, in the order the modes were asked for.
 */
export class ModeEchoes {
  private readonly pending: string[] = [];

  /** The adapter asks Claude Code for `mode`. */
  asked(mode: string): void {
    this.pending.push(mode);
  }

  /** Claude Code refused `mode`: no echo will come. */
  refused(mode: string): void {
    const at = this.pending.lastIndexOf(mode);
    if (at >= 0) this.pending.splice(at, 1);
  }

  /**
   * Claude Code reports `mode`: true when it echoes a change the adapter asked for (it
   * and any older change whose echo was skipped are settled), false when Claude Code
   * switched by itself.
   */
  echoed(mode: string): boolean {
    const at = this.pending.indexOf(mode);
    if (at < 0) return false;
    this.pending.splice(0, at + 1);
    return true;
  }
}
