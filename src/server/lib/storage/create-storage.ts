// Picks the storage back end from the environment: S3 when S3_BUCKET is set, else local disk.
import type { Env } from "../../env";
import { createDiskStorage } from "./disk-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

export function createStorage(env: Env): Storage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    });
  }
  return createDiskStorage(env.DATA_DIR);
}
