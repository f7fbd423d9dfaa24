// The upload check every image goes through: real images in, re-encoded; everything else out.
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  GIF_JS_POLYGLOT,
  makeJpeg,
  makeNoisePng,
  makePng,
  makePolyglotPng,
  SVG,
  TEXT_AS_PNG,
} from "../../../tests/helpers/images-kit";
import { AVATAR_IMAGE_MAX_BYTES } from "../../core/constants";
import { detectImageFormat, reencodeImage } from "./images";

const options = {
  maxBytes: AVATAR_IMAGE_MAX_BYTES,
  messages: { notImage: "Please upload an image file.", tooLarge: "Image must be less than 2MB." },
};

async function refusal(bytes: Buffer) {
  return reencodeImage(bytes, options).then(
    () => null,
    (error: { code: string; message: string; status: number }) => ({
      code: error.code,
      status: error.status,
      message: error.message,
    }),
  );
}

describe("reencodeImage", () => {
  it("takes a real PNG and gives back a WebP", async () => {
    const image = await reencodeImage(await makePng(64, 48), options);
    expect(image.contentType).toBe("image/webp");
    expect(detectImageFormat(image.bytes)).toBe("webp");
    expect([image.width, image.height]).toEqual([64, 48]);
  });

  it("takes a JPEG, crops it square and drops its metadata", async () => {
    const input = await makeJpeg(80, 60);
    expect(input.includes("private-marker")).toBe(true);
    const image = await reencodeImage(input, { ...options, square: 32, format: "png" });
    expect(detectImageFormat(image.bytes)).toBe("png");
    expect([image.width, image.height]).toEqual([32, 32]);
    expect(image.bytes.includes("private-marker")).toBe(false);
    const meta = await sharp(image.bytes).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it("refuses a text file whatever its name", async () => {
    expect(await refusal(TEXT_AS_PNG)).toEqual({
      code: "UNSUPPORTED_MEDIA_TYPE",
      status: 415,
      message: "Please upload an image file.",
    });
  });

  it("refuses an SVG", async () => {
    expect((await refusal(SVG))?.status).toBe(415);
  });

  it("refuses a 3 MB image", async () => {
    const big = await makeNoisePng(3);
    expect(big.byteLength).toBeGreaterThan(3 * 1024 * 1024 - 50_000);
    expect(await refusal(big)).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      status: 413,
      message: "Image must be less than 2MB.",
    });
  });

  it("neutralises a PNG with HTML appended: only pixels come out", async () => {
    const polyglot = await makePolyglotPng();
    expect(polyglot.includes("<script>")).toBe(true);
    const image = await reencodeImage(polyglot, options);
    expect(image.bytes.includes("<script>")).toBe(false);
    expect(image.bytes.includes("alert")).toBe(false);
  });

  it("refuses a GIF/JavaScript polyglot that does not decode", async () => {
    expect((await refusal(GIF_JS_POLYGLOT))?.status).toBe(415);
  });

  it("refuses a file whose signature and content disagree", async () => {
    const truncated = (await makePng()).subarray(0, 40);
    expect((await refusal(truncated))?.status).toBe(415);
  });

  it("refuses a small file that claims huge dimensions", async () => {
    // A real PNG whose header is rewritten to claim 20,000 × 20,000 (400 MP, 1.6 GB decoded).
    const bomb = Buffer.from(await makePng());
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(bomb.byteLength).toBeLessThan(AVATAR_IMAGE_MAX_BYTES);
    expect((await refusal(bomb))?.status).toBe(415);
  });
});
