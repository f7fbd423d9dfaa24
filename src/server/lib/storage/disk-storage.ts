// Storage on local disk under `${dataDir}/storage/{bucket}/{key}` (see storage.ts for the API).
// A write goes to a temporary file first and is renamed into place, so a reader never sees
// half a file.
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, contentTypeForKey, type Bucket, type Storage } from "./storage";

function isMissing(error: unknown): boolean {
  return (error as { code?: string }).code === "ENOENT";
}

export function createDiskStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, "storage");
  const fileOf = (bucket: Bucket, key: string) => {
    assertSafeKey(key);
    return path.join(root, bucket, ...key.split("/"));
  };
  return {
    kind: "disk",
    async put(bucket, key, bytes) {
      const file = fileOf(bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
    async get(bucket, key) {
      try {
        return { bytes: await readFile(fileOf(bucket, key)), contentType: contentTypeForKey(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      await rm(fileOf(bucket, key), { force: true });
    },
    async list(bucket, prefix) {
      const slash = prefix.lastIndexOf("/");
      const dirKey = slash === -1 ? "" : prefix.slice(0, slash);
      const dir = dirKey ? fileOf(bucket, dirKey) : path.join(root, bucket);
      let entries: string[];
      try {
        // Files only: a folder ("profile-avatars") is not a key.
        entries = (await readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      return entries
        .map((entry) => (dirKey ? `${dirKey}/` : "") + entry.split(path.sep).join("/"))
        .filter((key) => key.startsWith(prefix) && !key.endsWith(".tmp"))
        .sort();
    },
  };
}
