// `npm run places:backfill`: gives coordinates to every contact that has a city or a country
// but none, from the offline gazetteer, and a time zone to placed ones without; reports what could
// not be placed. Safe to run again.
import { openDatabase } from "./db/client";
import { loadEnvOrExit } from "./env";
import {
  backfillContactCoordinates,
  backfillContactTimeZones,
} from "./features/places/places.public";

const env = loadEnvOrExit();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();
try {
  const report = await backfillContactCoordinates(database.db);
  console.log(
    `Checked ${report.checked} contacts with a city or country but no coordinates: ${report.placed} placed, ${report.checked - report.placed} not.`,
  );
  const zoned = await backfillContactTimeZones(database.db);
  console.log(`Gave ${zoned} placed contacts a time zone from their place.`);
  if (report.unplaced.length > 0) {
    console.log("Could not place (city, country: contacts):");
    for (const u of report.unplaced) console.log(`  ${u.city}, ${u.country}: ${u.contacts}`);
  }
} finally {
  await database.close();
}
