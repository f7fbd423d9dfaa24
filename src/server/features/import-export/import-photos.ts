// The photos an import's rows carry, checked, re-encoded and stored as uploaded avatars are,
// before the import's transaction (which then only names them); a photo that fails is left out
// of its row, and the person is imported without it.
import { AVATAR_STORED_SIDE } from "../../../core/constants";
import type { ExportPhoto } from "../../../core/import/csv-export";
import type { MappedRow } from "../../../core/import/map-row";
import { CONTACT_PHOTO_MAX_BYTES } from "../../../core/import/photo-cell";
import { AppError } from "../../lib/app-error";
import { reencodeImage } from "../../lib/images";
import { readPhotoAsJpeg } from "../../lib/photo-jpeg";
import { contactPhotoKey, parseFileUrl, type Storage } from "../../lib/storage/storage";

const NOT_AN_IMAGE = "The photo isn't an image we can read (PNG, JPEG, GIF or WebP). Left out.";
// sharp decodes on libuv's threads: a few at once keep both cores busy without a queue of 1,000.
const AT_ONCE = 4;

async function storeOne(storage: Storage, userId: string, row: MappedRow): Promise<string | null> {
  const photo = row.extras.photo;
  delete row.extras.photo;
  if (!photo) return null;
  try {
    const image = await reencodeImage(Buffer.from(photo, "base64"), {
      maxBytes: CONTACT_PHOTO_MAX_BYTES,
      square: AVATAR_STORED_SIDE,
      // A phone's thumbnail (often 96 px) is stored as it is: enlarging it adds time, not detail.
      isEnlargeable: false,
      format: "webp",
      // A thousand at once: WebP's quickest effort halves the time for a slightly larger file.
      effort: 1,
    });
    const key = contactPhotoKey(userId, image.ext);
    await storage.put("avatars", key, image.bytes, image.contentType);
    row.extras.photoKey = key;
    return key;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    row.warnings.push({ field: "photo", message: NOT_AN_IMAGE });
    return null;
  }
}

/**
 * Stores each row's photo and names its key on the row; answers every key stored, and the rows
 * whose photo passed the preview's checks but could not be read (left out, to be named after).
 */
export async function storeImportPhotos(
  storage: Storage,
  userId: string,
  rows: MappedRow[],
): Promise<{ keys: string[]; unreadable: MappedRow[] }> {
  const withPhoto = rows.filter((row) => row.extras.photo);
  const keys: string[] = [];
  for (let i = 0; i < withPhoto.length; i += AT_ONCE) {
    const stored = await Promise.all(
      withPhoto.slice(i, i + AT_ONCE).map((row) => storeOne(storage, userId, row)),
    );
    keys.push(...stored.filter((key): key is string => key !== null));
  }
  const unreadable = withPhoto.filter((row) => !row.extras.photoKey);
  return { keys, unreadable };
}

/** Removes stored photos no contact names (the import failed, or their rows were not taken). */
export async function removeUnusedPhotos(
  storage: Storage,
  stored: readonly string[],
  used: ReadonlySet<string>,
): Promise<void> {
  for (const key of stored) if (!used.has(key)) await storage.delete("avatars", key);
}

/** The contacts with each stored photo as JPEG base64 for a vCard's PHOTO; a photo gone is left out. */
export async function withExportPhotos<C extends { photoUrl: string | null }>(
  storage: Storage,
  contacts: C[],
): Promise<(C & { photo?: ExportPhoto })[]> {
  const out: (C & { photo?: ExportPhoto })[] = [];
  for (const contact of contacts) {
    const file = contact.photoUrl ? parseFileUrl(contact.photoUrl) : null;
    const photo = file ? await readPhotoAsJpeg(storage, file.bucket, file.key) : null;
    out.push(photo ? { ...contact, photo } : contact);
  }
  return out;
}
