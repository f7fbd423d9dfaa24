// File storage for user uploads: one API, two back ends.
//
//   createStorage(env) → Storage   (create-storage.ts)
//     - local disk under `${DATA_DIR}/storage/{bucket}/{key}` (the default, nothing to set up);
//     - S3-compatible object storage when `S3_BUCKET` is set (AWS SDK v3): every object lives in
//       that one S3 bucket under `{bucket}/{key}`, so the spec's bucket names (`avatars`,
//       `feedback_attachments`, not valid S3 bucket names) need no buckets of their own.
//       Also read: S3_ENDPOINT (MinIO, R2, s3rver…), S3_REGION, S3_ACCESS_KEY_ID,
//       S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE (default: on when S3_ENDPOINT is set).
//
//   storage.put(bucket, key, bytes, contentType)   writes (replaces) one object
//   storage.get(bucket, key)                        → { bytes, contentType } | null
//   storage.delete(bucket, key)                     no error when it is already gone
//   storage.list(bucket, prefix)                    → keys starting with prefix
//
// Keys are built only by the helpers below (avatarKey, feedbackAttachmentKey), which also say
// whose a key is (ownerOfKey): the file route (`GET /api/files/{bucket}/{key}`, see fileUrl)
// serves a file only to that user. Store only re-encoded images (lib/images.ts), never the
// bytes a browser sent. Delete a user's files after the transaction that removed their rows
// has committed (deleteUserFiles).
export const BUCKETS = ["avatars", "feedback_attachments"] as const;
export type Bucket = (typeof BUCKETS)[number];

export type StoredObject = { bytes: Buffer; contentType: string };

export type Storage = {
  readonly kind: "disk" | "s3";
  put(bucket: Bucket, key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(bucket: Bucket, key: string): Promise<StoredObject | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
  list(bucket: Bucket, prefix: string): Promise<string[]>;
};

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value);
}

// Letters, digits, dot, dash, underscore and single slashes between segments; no "..", no
// leading slash, so a key can never leave its bucket on disk or in S3.
const SAFE_KEY = /^(?!.*\.\.)[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

export function assertSafeKey(key: string): void {
  if (key.length > 512 || !SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
}

export function isSafeKey(key: string): boolean {
  return key.length <= 512 && SAFE_KEY.test(key);
}

export type ImageExt = "webp" | "png";

/** The spec's avatar key: `profile-avatars/{userId}-{timestamp}.{ext}`. */
export function avatarKey(userId: string, timestamp: number, ext: ImageExt): string {
  return `profile-avatars/${userId}-${timestamp}.${ext}`;
}

/** A contact's photo: `contact-photos/{userId}/{random id}.{ext}`, never rewritten. */
export function contactPhotoKey(userId: string, ext: ImageExt): string {
  return `contact-photos/${userId}/${crypto.randomUUID()}.${ext}`;
}

/** A feedback attachment's key: user id, timestamp and the original name (made safe). */
export function feedbackAttachmentKey(
  userId: string,
  timestamp: number,
  originalName: string,
  ext: ImageExt,
): string {
  const base =
    originalName
      .replace(/\.[^.]*$/, "")
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "image";
  return `${userId}/${timestamp}-${base}.${ext}`;
}

const AVATAR_KEY = /^profile-avatars\/(.+)-\d+\.(webp|png)$/;
const CONTACT_PHOTO_KEY = /^contact-photos\/([^/]+)\/[0-9a-f-]{36}\.(webp|png)$/;
const FEEDBACK_KEY = /^([^/]+)\/\d+-[A-Za-z0-9_-]+\.(webp|png)$/;

/** Whose file a key is (the only user who may read it), or null for a key we never build. */
export function ownerOfKey(bucket: Bucket, key: string): string | null {
  if (bucket === "avatars" && key.startsWith("contact-photos/"))
    return CONTACT_PHOTO_KEY.exec(key)?.[1] ?? null;
  const match = (bucket === "avatars" ? AVATAR_KEY : FEEDBACK_KEY).exec(key);
  return match?.[1] ?? null;
}

/** The app-relative URL the file route serves a stored file at. */
export function fileUrl(bucket: Bucket, key: string): string {
  return `/api/files/${bucket}/${key}`;
}

/** The reverse of fileUrl, for URLs stored in rows (null for anything else, e.g. "" or a URL). */
export function parseFileUrl(url: string): { bucket: Bucket; key: string } | null {
  const match = /^\/api\/files\/([a-z_]+)\/(.+)$/.exec(url);
  if (!match || !isBucket(match[1]!) || !isSafeKey(match[2]!)) return null;
  return { bucket: match[1], key: match[2]! };
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
};

/** Content type by a key's extension; keys only ever carry the re-encoded format's. */
export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

/** Every stored file of a user, in every bucket; call after the rows are gone (committed). */
export async function deleteUserFiles(storage: Storage, userId: string): Promise<number> {
  const found = await Promise.all([
    storage
      .list("avatars", `profile-avatars/${userId}-`)
      .then((keys) =>
        keys.filter((k) => ownerOfKey("avatars", k) === userId).map((k) => ["avatars", k] as const),
      ),
    storage
      .list("avatars", `contact-photos/${userId}/`)
      .then((keys) =>
        keys.filter((k) => ownerOfKey("avatars", k) === userId).map((k) => ["avatars", k] as const),
      ),
    storage
      .list("feedback_attachments", `${userId}/`)
      .then((keys) => keys.map((k) => ["feedback_attachments", k] as const)),
  ]);
  const all = found.flat();
  for (const [bucket, key] of all) await storage.delete(bucket, key);
  return all.length;
}
