// A stored contact photo as the JPEG a vCard carries: JPEG is what every phone and Outlook read
// in a card, and photos are stored as WebP.
import sharp from "sharp";
import type { ExportPhoto } from "../../core/import/csv-export";
import type { Bucket, Storage } from "./storage/storage";

/** The photo as JPEG base64, or null when it is gone from storage. */
export async function readPhotoAsJpeg(
  storage: Storage,
  bucket: Bucket,
  key: string,
): Promise<ExportPhoto | null> {
  const stored = await storage.get(bucket, key);
  if (!stored) return null;
  const jpeg = await sharp(stored.bytes).jpeg({ quality: 85 }).toBuffer();
  return { mediaType: "image/jpeg", base64: jpeg.toString("base64") };
}
