// The DiceBear styles and their renderer: a third of a megabyte of drawings per style, loaded by
// the avatar route on its first request rather than when the server starts (decision 222).
import * as collection from "@dicebear/collection";
import { createAvatar, type Style } from "@dicebear/core";
import type { DICEBEAR_STYLES } from "../../../core/constants";

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
  return createAvatar(STYLES[style] as Style<object>, options).toString();
}
