// `npm run db:migrate`: apply committed migrations to DATABASE_URL or the embedded database.
import { parseEnv } from "../env";
import { openDatabase } from "./client";

const env = parseEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
