// Contact photos on cards: the avatar goes out as the card's PHOTO (the stored 256 px square as
// JPEG), and a phone's PHOTO becomes the avatar through the checks an upload goes through.
import { AVATAR_STORED_SIDE } from "../../../core/constants";
import type { ExportPhoto } from "../../../core/import/csv-export";
import type { PhotoCell } from "../../../core/import/photo-cell";
import { CONTACT_PHOTO_MAX_BYTES } from "../../../core/import/photo-cell";
import { AppError } from "../../lib/app-error";
import { reencodeImage } from "../../lib/images";
import { readPhotoAsJpeg } from "../../lib/photo-jpeg";
import { contactPhotoKey, type Storage } from "../../lib/storage/storage";
import { NS } from "./dav-xml";
import { DavError } from "./dav-error";

// A few at once keep both cores busy on a full sync of a thousand cards without a long queue.
const AT_ONCE = 4;

export type CardPhotos = ReadonlyMap<string, ExportPhoto>;

/** Each card's photo by contact id; a photo gone from storage is left off its card. */
export async function loadCardPhotos(
  storage: Storage,
  cards: readonly { contactId: string; contact: { photoKey: string | null } }[],
): Promise<CardPhotos> {
  const photos = new Map<string, ExportPhoto>();
  const withPhoto = cards.filter((card) => card.contact.photoKey);
  for (let i = 0; i < withPhoto.length; i += AT_ONCE) {
    await Promise.all(
      withPhoto.slice(i, i + AT_ONCE).map(async (card) => {
        const photo = await readPhotoAsJpeg(storage, "avatars", card.contact.photoKey!);
        if (photo) photos.set(card.contactId, photo);
      }),
    );
  }
  return photos;
}

const NOTHING_SAVED = "Nothing on the card was saved.";
const VALID_DATA = { ns: NS.carddav, name: "valid-address-data" };
const MAX_SIZE = { ns: NS.carddav, name: "max-resource-size" };

/**
 * What a phone's PUT does to the avatar: `undefined` leaves it, else the new key (null removes
 * it); `stored` is a file written for it, to remove if the card is not saved after all. A
 * card without PHOTO removes the avatar only when the phone edited the card that carried it
 * (its If-Match names the current version); a link is never fetched and leaves it as it is.
 */
export async function readCardPhoto(
  storage: Storage,
  options: {
    userId: string;
    photo: PhotoCell;
    currentKey: string | null;
    isCurrentSeen: boolean;
  },
): Promise<{ photoKey?: string | null; stored?: string }> {
  const { photo, currentKey } = options;
  if (!photo) return currentKey && options.isCurrentSeen ? { photoKey: null } : {};
  if ("leftOut" in photo) {
    if (photo.reason === "link") return {};
    throw new DavError(
      photo.reason === "tooLarge" ? 413 : 403,
      `${photo.leftOut} ${NOTHING_SAVED}`,
      photo.reason === "tooLarge" ? MAX_SIZE : VALID_DATA,
    );
  }
  // The phone sends back the photo it was given: the avatar stays, no new file.
  const current = currentKey ? await readPhotoAsJpeg(storage, "avatars", currentKey) : null;
  if (current?.base64 === photo.base64) return {};
  let image;
  try {
    image = await reencodeImage(Buffer.from(photo.base64, "base64"), {
      maxBytes: CONTACT_PHOTO_MAX_BYTES,
      square: AVATAR_STORED_SIDE,
      format: "webp",
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new DavError(
      403,
      `The photo isn't an image we can read (PNG, JPEG, GIF or WebP). ${NOTHING_SAVED}`,
      VALID_DATA,
    );
  }
  const key = contactPhotoKey(options.userId, image.ext);
  await storage.put("avatars", key, image.bytes, image.contentType);
  return { photoKey: key, stored: key };
}
