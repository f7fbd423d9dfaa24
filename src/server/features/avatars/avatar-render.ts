// The DiceBear styles and their renderer: a third of a megabyte of drawings per style, loaded by
// the avatar route on its first request rather than when the server starts.
import * as collection from "@dicebear/collection";
import { createAvatar, type Style } from "@dicebear/core";
import type { DICEBEAR_STYLES } from "../../../core/constants";
import { initialsAvatar } from "../../../core/initials-avatar";

const STYLES = {
  avataaars: collection.avataaars,
  bottts: collection.bottts,
  initials: collection.initials,
  lorelei: collection.lorelei,
  micah: collection.micah,
  notionists: collection.notionists,
  "fun-emoji": collection.funEmoji,
  shapes: collection.shapes,
  thumbs: collection.thumbs,
} satisfies Record<(typeof DICEBEAR_STYLES)[number], Style<object>>;

export function renderAvatar(
  style: (typeof DICEBEAR_STYLES)[number],
  options: { seed: string; size: number },
): string {
  // The letters' colour follows the background, as the list's own initials do; a one-colour list
  // still takes its turn of the seed, so the background DiceBear picks stays the same.
  const textColor =
    style === "initials" ? { textColor: [initialsAvatar(options.seed).foreground.slice(1)] } : {};
  return createAvatar(STYLES[style] as Style<object>, { ...options, ...textColor }).toString();
}
