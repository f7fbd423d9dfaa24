// The storage contract, held on both back ends: local disk and S3 (a local s3rver).
import { mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Fake, type S3Fake } from "../../../../tests/helpers/s3-fake";
import { testEnv } from "../../../../tests/helpers/test-app";
import { createStorage } from "./create-storage";
import {
  avatarKey,
  contactPhotoKey,
  deleteUserFiles,
  feedbackAttachmentKey,
  fileUrl,
  ownerOfKey,
  parseFileUrl,
  type Storage,
} from "./storage";

const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function contract(
  name: string,
  open: () => Promise<{ storage: Storage; close: () => Promise<void> }>,
) {
  describe(`storage on ${name}`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(async () => close());

    it("writes, reads back with its type, lists by prefix and deletes", async () => {
      const key = avatarKey("user1", 1700000000000, "png");
      expect(key).toBe("profile-avatars/user1-1700000000000.png");
      await storage.put("avatars", key, PNG_BYTES, "image/png");
      const read = await storage.get("avatars", key);
      expect(read?.bytes.equals(PNG_BYTES)).toBe(true);
      expect(read?.contentType).toBe("image/png");
      await storage.put("avatars", avatarKey("user2", 1, "webp"), PNG_BYTES, "image/webp");
      expect(await storage.list("avatars", "profile-avatars/user1-")).toEqual([key]);
      // The same key in the other bucket is another object.
      expect(await storage.get("feedback_attachments", key)).toBeNull();
      await storage.delete("avatars", key);
      expect(await storage.get("avatars", key)).toBeNull();
      await storage.delete("avatars", key); // already gone: no error
    });

    it("refuses keys that could leave the bucket", async () => {
      for (const key of ["../etc/passwd", "/abs", "a/../../b", "a//b", "a\\b", ""]) {
        await expect(storage.put("avatars", key, PNG_BYTES, "image/png")).rejects.toThrow(
          /unsafe storage key/,
        );
      }
    });

    it("deletes every file of one user and no one else's", async () => {
      const mine = [
        ["avatars", avatarKey("alice", 1, "webp")],
        ["avatars", avatarKey("alice", 2, "png")],
        ["feedback_attachments", feedbackAttachmentKey("alice", 3, "bug shot.PNG", "webp")],
        ["avatars", contactPhotoKey("alice", "webp")],
      ] as const;
      const theirs = [
        ["avatars", avatarKey("alice2", 1, "webp")],
        ["feedback_attachments", feedbackAttachmentKey("alicex", 3, "x.png", "webp")],
        ["avatars", contactPhotoKey("alice2", "webp")],
      ] as const;
      for (const [bucket, key] of [...mine, ...theirs])
        await storage.put(bucket, key, PNG_BYTES, "image/webp");
      expect(await deleteUserFiles(storage, "alice")).toBe(4);
      for (const [bucket, key] of mine) expect(await storage.get(bucket, key)).toBeNull();
      for (const [bucket, key] of theirs) expect(await storage.get(bucket, key)).not.toBeNull();
    });
  });
}

contract("disk", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tend-storage-"));
  const storage = createStorage(testEnv({ DATA_DIR: dataDir }));
  expect(storage.kind).toBe("disk");
  return {
    storage,
    async close() {
      // Writes go through temporary files; none may be left behind.
      const left = await readdir(path.join(dataDir, "storage"), { recursive: true });
      expect(left.filter((f) => f.endsWith(".tmp"))).toEqual([]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

contract("S3 (s3rver)", async () => {
  const fake: S3Fake = await startS3Fake();
  const storage = createStorage(testEnv(fake.env));
  expect(storage.kind).toBe("s3");
  return { storage, close: () => fake.close() };
});

describe("keys", () => {
  it("names the owner only for keys we build", () => {
    expect(ownerOfKey("avatars", avatarKey("u-1-2", 5, "webp"))).toBe("u-1-2");
    expect(ownerOfKey("avatars", "profile-avatars/u1.webp")).toBeNull();
    expect(ownerOfKey("avatars", "profile-avatars/u1-5.svg")).toBeNull();
    expect(ownerOfKey("avatars", contactPhotoKey("u-1", "webp"))).toBe("u-1");
    expect(ownerOfKey("avatars", "contact-photos/u1/../u2/x.webp")).toBeNull();
    expect(ownerOfKey("avatars", "contact-photos/u1/photo.svg")).toBeNull();
    expect(
      ownerOfKey("feedback_attachments", feedbackAttachmentKey("u1", 7, "Ünïcode 😀.jpg", "png")),
    ).toBe("u1");
    expect(feedbackAttachmentKey("u1", 7, "../../evil.svg", "webp")).toBe("u1/7-evil.webp");
  });

  it("round-trips file URLs and refuses others", () => {
    const key = avatarKey("u1", 9, "webp");
    expect(parseFileUrl(fileUrl("avatars", key))).toEqual({ bucket: "avatars", key });
    expect(parseFileUrl("")).toBeNull();
    expect(parseFileUrl("https://example.com/a.png")).toBeNull();
    expect(parseFileUrl("/api/files/avatars/../x")).toBeNull();
    expect(parseFileUrl("/api/files/other/x.png")).toBeNull();
  });
});
