import type { ClientProfile } from "../../profile/client-profile.js";
import type { ModeMeta } from "../../translation/modes.js";
import type { RecommendedValueMeta } from "../../translation/model-options.js";

/** How the client wants the options shown (what it negotiated). */
export interface ConfigPresentation {
  /** The `_meta` of each mode and mode option value (AIR's `kind`, "Presentation hints"). */
  readonly modeMeta?: ModeMeta | undefined;
  /** AIR `recommendedValue`: concrete model and effort rows, no `default` row. */
  readonly recommendedValues: boolean;
  /** The `_meta` that names the recommended row (AIR's `recommendedValue`). */
  readonly recommendedMeta?: RecommendedValueMeta | undefined;
  /** `session.configOptions.boolean`: on/off options as ACP boolean options. */
  readonly booleans: boolean;
}

/** A client that negotiated no presentation: plain rows. */
export const PLAIN: ConfigPresentation = { recommendedValues: false, booleans: false };

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** Concrete model and effort rows, no `default` row (AIR `recommendedValue`). */
    readonly recommendedValues?: boolean;
  }
}

/** What the profile asks of the options: the hints only for an extension that shows them. */
export function presentationFor(profile: ClientProfile): ConfigPresentation {
  return {
    modeMeta: profile.hooks.modeMeta,
    recommendedValues: profile.hooks.recommendedValues === true,
    recommendedMeta: profile.hooks.recommendedValueMeta,
    booleans: profile.session.booleanConfigOptions,
  };
}
