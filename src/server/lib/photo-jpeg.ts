// A stored contact photo as the JPEG a vCard carries: JPEG is what every phone and Outlook read
// in a card, and photos are stored as WebP.
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import type { ExportPhoto } from "../../core/import/csv-export";
import type { Bucket, Storage } from "./storage/storage";

// A stored photo is never rewritten (each upload gets a new key), so the JPEG made from a key
// stays right for as long as anything names it. A phone's full sync, or an export, then encodes
// each photo once, not at every sync. 32 MB holds about 2,000 phone thumbnails.
const jpegs = new LRUCache<string, ExportPhoto>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (photo) => photo.base64.length,
});

/** The photo as JPEG base64, or null when it is gone from storage. */
export async function readPhotoAsJpeg(
  storage: Storage,
  bucket: Bucket,
  key: string,
): Promise<ExportPhoto | null> {
  const cacheKey = `${bucket}/${key}`;
  const cached = jpegs.get(cacheKey);
  if (cached) return cached;
  const stored = await storage.get(bucket, key);
  if (!stored) return null;
  const jpeg = await sharp(stored.bytes).jpeg({ quality: 85 }).toBuffer();
  const photo: ExportPhoto = { mediaType: "image/jpeg", base64: jpeg.toString("base64") };
  jpegs.set(cacheKey, photo);
  return photo;
}
