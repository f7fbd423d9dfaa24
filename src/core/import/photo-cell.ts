// A photo an imported row carries: a data: URI's image, checked before anything is stored (its
// size and its first bytes here; decoded and re-encoded like an avatar when the import runs).
// A link to a photo is never fetched.
import { AVATAR_IMAGE_MAX_BYTES } from "../constants";
import { detectImageFormat } from "../image-format";

export const CONTACT_PHOTO_MAX_BYTES = AVATAR_IMAGE_MAX_BYTES;

export type PhotoCell =
  { base64: string } | { leftOut: string; reason: "link" | "notImage" | "tooLarge" } | null;

const DATA_URI = /^data:([^,]*?)(;base64)?,(.*)$/is;

const NOT_AN_IMAGE = {
  leftOut: "The photo isn't an image we can read (PNG, JPEG, GIF or WebP).",
  reason: "notImage",
} as const;

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** The photo's image as base64, or why it is left out; null when the cell is empty. */
export function readPhotoCell(text: string): PhotoCell {
  const value = text.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) {
    const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
    return {
      leftOut: `Photo ${shown} is a link, and photos are not fetched from the web.`,
      reason: "link",
    };
  }
  const match = DATA_URI.exec(value);
  const base64 = match?.[2] ? match[3]!.replace(/\s+/g, "") : "";
  if (!base64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return NOT_AN_IMAGE;
  const size = Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0);
  if (size > CONTACT_PHOTO_MAX_BYTES) {
    return {
      leftOut: `The photo is ${megabytes(size)} MB; a photo can be at most ${megabytes(CONTACT_PHOTO_MAX_BYTES)} MB.`,
      reason: "tooLarge",
    };
  }
  const head = Uint8Array.from(atob(base64.slice(0, 24)), (ch) => ch.charCodeAt(0));
  if (!detectImageFormat(head)) return NOT_AN_IMAGE;
  return { base64 };
}
