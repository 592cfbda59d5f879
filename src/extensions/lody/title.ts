import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { LODY, LODY_META_KEYS, TITLE_SOURCES } from "./keys.js";

/** Where a title came from (lody-contract.md §7.2). */
export type TitleSource = (typeof TITLE_SOURCES)[keyof typeof TITLE_SOURCES];

/** A title as the client sees it: at most this many characters. */
export const TITLE_MAX_CHARS = 256;
/** The model names the session from the last this many characters of prompts and answers. */
export const DESCRIPTION_CHARS = 1000;
/** Less text than this names nothing: no title is generated from it. */
export const DESCRIPTION_MIN_CHARS = 10;

/** A session title the client may show: whitespace collapsed, at most 256 characters. */
export function cleanTitle(text: unknown): string | undefined {
  if (typeof text !== "string") return undefined;
  const collapsed = text.replace(/\s+/g, " ").trim();
  if (!collapsed) return undefined;
  // By code points: a cut never splits a surrogate pair.
  return Array.from(collapsed).slice(0, TITLE_MAX_CHARS).join("");
}

/** `session_info_update {title, updatedAt, _meta.lody.titleSource}`. */
export function lodyTitleUpdate(
  title: string,
  source: TitleSource,
  updatedAt: string,
): SessionUpdate {
  return {
    sessionUpdate: "session_info_update",
    title,
    updatedAt,
    _meta: { [LODY]: { [LODY_META_KEYS.titleSource]: source } },
  };
}

/** A session's stored title, and whether the user gave it. */
export interface StoredTitleFact {
  readonly text: string;
  readonly custom: boolean;
}

/** A title to send. */
export interface TitlePublication {
  readonly title: string;
  readonly source: TitleSource;
}

/** What a turn's end asks for: a title to send now, and the text to name the session from. */
export interface TurnTitle {
  readonly publish?: TitlePublication;
  readonly generate?: string;
}

/**
 * A session's title for a Lody client (contract §7.2, acceptance check 23): the user's
 * stored title is `explicit` and never overwritten; the model names the session once,
 * from the last 1000 characters of the prompts and answers (`generated`); until then,
 * and when a generation comes back empty or fails (the next turn tries again), Claude
 * Code's stored title is a `fallback` preview. The same text from the same source is
 * never sent twice in a row; the same text from a new source is.
 */
export class LodyTitleState {
  private sent: TitlePublication | undefined;
  private explicit = false;
  private generated = false;
  private generating = false;
  private conversation = "";

  /**
   * The client was told the stored title (a load's replay): the same is not sent again,
   * and a user's title stays.
   */
  know(stored: StoredTitleFact | undefined): void {
    if (!stored) return;
    this.explicit = stored.custom;
    const source = stored.custom ? TITLE_SOURCES.explicit : TITLE_SOURCES.fallback;
    this.show(stored.text, source);
  }

  /**
   * Whether the stored title must be read at a turn's end: until the session has a title
   * of its own, and after a `/rename` (a user's title replaces any other).
   */
  wantsStored(renamed: boolean): boolean {
    return renamed || (!this.explicit && !this.generated);
  }

  /** A turn ended: `exchange` is its prompt and answer; `stored` the transcript's title. */
  turnEnded(exchange: string, stored: StoredTitleFact | undefined): TurnTitle {
    this.conversation = `${this.conversation}\n\n${exchange}`.slice(-DESCRIPTION_CHARS);
    if (stored?.custom) {
      this.explicit = true;
      return { publish: this.show(stored.text, TITLE_SOURCES.explicit) };
    }
    if (this.explicit || this.generated || this.generating) return {};
    const description = this.conversation.trim();
    if (description.length >= DESCRIPTION_MIN_CHARS) {
      this.generating = true;
      return { generate: description };
    }
    return { publish: stored && this.show(stored.text, TITLE_SOURCES.fallback) };
  }

  /**
   * The model answered (`title`; null, empty or undefined when it named nothing or
   * failed). A user's title that arrived meanwhile wins.
   */
  generationEnded(
    title: unknown,
    fallback: StoredTitleFact | undefined,
  ): TitlePublication | undefined {
    this.generating = false;
    if (fallback?.custom) this.explicit = true;
    if (fallback?.custom) return this.show(fallback.text, TITLE_SOURCES.explicit);
    if (this.explicit) return undefined;
    const clean = cleanTitle(title);
    if (clean !== undefined) {
      this.generated = true;
      return this.show(clean, TITLE_SOURCES.generated);
    }
    return fallback && this.show(fallback.text, TITLE_SOURCES.fallback);
  }

  private show(text: string, source: TitleSource): TitlePublication | undefined {
    const title = cleanTitle(text);
    if (title === undefined) return undefined;
    if (this.sent?.title === title && this.sent.source === source) return undefined;
    this.sent = { title, source };
    return this.sent;
  }
}
