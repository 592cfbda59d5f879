/**
 * What the negotiated client extensions do at named points of the core: the extension
 * hooks, built once per connection from the negotiated capabilities by the one composition
 * module (`extensions/compose.ts`) and carried on the `ClientProfile` (`profile.hooks`).
 * The core calls the hooks it finds there and never tests an extension's flag itself; a
 * client that negotiated no extension has no hooks, and runs none of their code.
 *
 * Each hook point is declared next to the core code that calls it, by adding a member to
 * this interface there (TypeScript's module augmentation: `declare module
 * "../profile/hooks.js" { interface ExtensionHooks { ... } }`), so its contract sits beside
 * its one caller and this layer needs no type of the layers above it. Every member is
 * optional or a list: absent (or empty) means no negotiated extension acts there. To add a
 * hook point, declare it beside its caller and fill it in `composeHooks`.
 */
export interface ExtensionHooks {
  /** The names of the extensions that contributed a hook (for logs and tests). */
  readonly extensions: readonly string[];
}

/** The hooks of a client that negotiated no extension. */
export const NO_HOOKS: ExtensionHooks = Object.freeze({ extensions: Object.freeze([]) });
