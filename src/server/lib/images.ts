// Uploaded images, checked by content and re-encoded before anything is stored.
//
//   const image = await reencodeImage(bytes, {
//     maxBytes: AVATAR_IMAGE_MAX_BYTES,          // the caller's limit (avatar 2 MB, feedback 5 MB)
//     square: 256,                               // optional: centre-crop to a square of this side
//     isEnlargeable: false,                      // optional: a smaller image keeps its own side
//     maxSide: 2048,                             // optional: fit inside this box (default 2048)
//     format: "webp",                            // "webp" (default) or "png"
//     effort: 1,                                 // optional: WebP's effort, 0–6 (default 4)
//     messages: { notImage: "…", tooLarge: "…" } // the texts the caller's spec gives
//   });
//   → { bytes, contentType: "image/webp" | "image/png", ext: "webp" | "png", width, height }
//
// Refused with an AppError: more than maxBytes → PAYLOAD_TOO_LARGE (413, messages.tooLarge);
// anything whose first bytes are not PNG, JPEG, GIF or WebP (SVG, HTML, a renamed text file),
// or that does not decode, or decodes to a different format than its signature says →
// UNSUPPORTED_MEDIA_TYPE (415, messages.notImage). The file's name and declared type are never
// consulted. What is stored is a fresh encoding of the decoded pixels only: EXIF orientation
// applied, metadata (EXIF, GPS, ICC, comments) dropped, trailing bytes of a polyglot gone, the
// first frame of an animation. Decoding is capped at MAX_INPUT_PIXELS, so a small file that
// claims huge dimensions (a decompression bomb) is refused instead of filling memory.
//
// readImageUpload (lib/file-upload.ts) reads the multipart file this takes.
import sharp from "sharp";
import { detectImageFormat } from "../../core/image-format";
import { AppError } from "./app-error";

export type ImageFormat = "webp" | "png";

export type ReencodeOptions = {
  maxBytes: number;
  square?: number;
  /** With `square`: false keeps a smaller image's side (default true, enlarged to `square`). */
  isEnlargeable?: boolean;
  maxSide?: number;
  format?: ImageFormat;
  /** WebP's effort (0–6, default 4): less is faster and a little larger, never worse to see. */
  effort?: number;
  messages?: { notImage?: string; tooLarge?: string };
};

export type ReencodedImage = {
  bytes: Buffer;
  contentType: "image/webp" | "image/png";
  ext: ImageFormat;
  width: number;
  height: number;
};

export const MAX_INPUT_PIXELS = 40_000_000;
const DEFAULT_MAX_SIDE = 2048;

export { detectImageFormat };

export async function reencodeImage(
  input: Uint8Array,
  options: ReencodeOptions,
): Promise<ReencodedImage> {
  const notImage = options.messages?.notImage ?? "Please upload an image file.";
  const tooLarge = options.messages?.tooLarge ?? "The image is too large.";
  if (input.byteLength > options.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
  const detected = detectImageFormat(input);
  if (!detected) throw new AppError("UNSUPPORTED_MEDIA_TYPE", notImage);

  const format = options.format ?? "webp";
  const side = options.maxSide ?? DEFAULT_MAX_SIDE;
  try {
    const source = sharp(input, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS });
    const metadata = await source.metadata();
    if (metadata.format !== detected) throw new AppError("UNSUPPORTED_MEDIA_TYPE", notImage);
    let pipeline = source.rotate();
    const square =
      options.square && options.isEnlargeable === false
        ? Math.max(1, Math.min(options.square, metadata.width ?? 0, metadata.height ?? 0))
        : options.square;
    pipeline = square
      ? pipeline.resize(square, square, { fit: "cover", position: "centre" })
      : pipeline.resize(side, side, { fit: "inside", withoutEnlargement: true });
    pipeline = format === "webp" ? pipeline.webp({ quality: 85, effort: options.effort ?? 4 }) : pipeline.png();
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: format === "webp" ? "image/webp" : "image/png",
      ext: format,
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips could not decode it (truncated, corrupt, over the pixel limit): not an image we take.
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", notImage);
  }
}
