// A stored photo is turned into JPEG once: a second read of the same key is served from memory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { readPhotoAsJpeg } from "./photo-jpeg";
import { createDiskStorage } from "./storage/disk-storage";
import { contactPhotoKey, type Storage } from "./storage/storage";

const dir = mkdtempSync(path.join(tmpdir(), "tend-photo-jpeg-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Disk storage that counts its reads. */
function countingStorage(): { storage: Storage; reads: () => number } {
  const disk = createDiskStorage(dir);
  let reads = 0;
  return {
    storage: {
      ...disk,
      get: (bucket, key) => {
        reads += 1;
        return disk.get(bucket, key);
      },
    },
    reads: () => reads,
  };
}

async function webp(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 3, background: "#3a7" } })
    .webp()
    .toBuffer();
}

describe("readPhotoAsJpeg", () => {
  it("encodes a stored photo once and answers later reads of its key from memory", async () => {
    const { storage, reads } = countingStorage();
    const key = contactPhotoKey("00000000-0000-4000-8000-000000000001", "webp");
    await storage.put("avatars", key, await webp(), "image/webp");

    const first = await readPhotoAsJpeg(storage, "avatars", key);
    const second = await readPhotoAsJpeg(storage, "avatars", key);

    expect(first?.mediaType).toBe("image/jpeg");
    expect(Buffer.from(first!.base64, "base64").subarray(0, 3)).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );
    expect(second).toEqual(first);
    expect(reads()).toBe(1);
  });

  it("does not remember a photo that is missing: it is read once it is stored", async () => {
    const { storage, reads } = countingStorage();
    const key = contactPhotoKey("00000000-0000-4000-8000-000000000002", "webp");

    expect(await readPhotoAsJpeg(storage, "avatars", key)).toBeNull();
    await storage.put("avatars", key, await webp(), "image/webp");

    expect(await readPhotoAsJpeg(storage, "avatars", key)).not.toBeNull();
    expect(reads()).toBe(2);
  });
});
