// Picks the storage back end from the environment: S3 when S3_BUCKET is set, else local disk.
// The AWS SDK is a fifth of the server's code; it loads on the first S3 call, not at start, and
// not at all on a server that keeps its files on disk.
import type { Env } from "../../env";
import { createDiskStorage } from "./disk-storage";
import type { Storage } from "./storage";

export function createStorage(env: Env): Storage {
  if (!env.S3_BUCKET) return createDiskStorage(env.DATA_DIR);
  const options = {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
  };
  let loading: Promise<Storage> | undefined;
  const s3 = () => (loading ??= import("./s3-storage").then((m) => m.createS3Storage(options)));
  return {
    kind: "s3",
    put: async (...args) => (await s3()).put(...args),
    get: async (...args) => (await s3()).get(...args),
    delete: async (...args) => (await s3()).delete(...args),
    list: async (...args) => (await s3()).list(...args),
  };
}
