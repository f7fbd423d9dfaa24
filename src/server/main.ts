// The server's entry: starts the embedded database's thread first, so PGlite starts on the other
// core while the app's modules load (decision 186), then runs serve.ts. With DATABASE_URL set
// there is no embedded database and nothing starts early.
import { DEFAULT_DATA_DIR, openPgliteEarly } from "./db/early-open";

if (!process.env.DATABASE_URL) void openPgliteEarly(process.env.DATA_DIR || DEFAULT_DATA_DIR);
await import("./serve");
