// `npm run feedback:list [-- --limit N]`: the newest feedback first, for operators, with where
// each image is (a file:// link on disk storage, an s3:// address with S3_BUCKET). The file
// route serves an image only to its author, so operators open it from storage directly.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { desc, eq } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { feedback, users } from "../../db/schema/index";
import { parseEnv, type Env } from "../../env";
import { parseFileUrl } from "../../lib/storage/storage";

function imageLink(env: Env, imageUrl: string | null): string {
  if (!imageUrl) return "none";
  const location = parseFileUrl(imageUrl);
  if (!location) return imageUrl;
  if (env.S3_BUCKET) return `s3://${env.S3_BUCKET}/${location.bucket}/${location.key}`;
  const file = path.resolve(env.DATA_DIR, "storage", location.bucket, ...location.key.split("/"));
  return pathToFileURL(file).href;
}

const limitArg = process.argv.indexOf("--limit");
const limit = limitArg > 0 ? Math.max(1, Number(process.argv[limitArg + 1]) || 50) : 50;

const env = parseEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const rows = await database.db
    .select({
      id: feedback.id,
      createdAt: feedback.createdAt,
      type: feedback.feedbackType,
      subject: feedback.subject,
      message: feedback.message,
      imageUrl: feedback.imageUrl,
      diagnostics: feedback.diagnostics,
      email: users.email,
    })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .orderBy(desc(feedback.createdAt))
    .limit(limit);
  if (rows.length === 0) console.log("No feedback yet.");
  for (const row of rows) {
    console.log(`${row.createdAt.toISOString()}  ${row.type}  ${row.email ?? "(deleted user)"}`);
    console.log(`  Subject: ${row.subject}`);
    console.log(`  Message: ${row.message.replace(/\s*\n\s*/g, " / ")}`);
    console.log(`  Image:   ${imageLink(env, row.imageUrl)}`);
    if (row.diagnostics) {
      const d = row.diagnostics;
      console.log(`  Browser: ${d.browser}  App version: ${d.appVersion}`);
      for (const e of d.errorLog) console.log(`    ${e.timestamp} [${e.level}] ${e.message}`);
    }
    console.log(`  Id:      ${row.id}`);
  }
} finally {
  await database.close();
}
