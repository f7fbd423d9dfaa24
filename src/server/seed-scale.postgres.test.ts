// `npm run seed:scale` as an operator runs it: a real process against an empty PostgreSQL
// database, then the rows it made, a second run that adds more, --reset, and bad arguments.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../../tests/helpers/installation-kit";
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
} from "../../tests/helpers/test-database";

describe("npm run seed:scale", () => {
  let database: EmptyPostgresDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    client = new pg.Client({ connectionString: database.url });
  });
  afterAll(async () => {
    await client.end().catch(() => undefined);
    await database.drop();
  });
  const count = async (query: string) =>
    Number((await client.query<{ n: string }>(query)).rows[0]!.n);

  it("seeds paying, onboarded accounts with contacts and history, in batches", async () => {
    const vars = { DATABASE_URL: database.url };
    const args = [
      ...["--users", "12", "--contacts", "5", "--interactions", "2", "--batch", "5"],
      ...["--days", "2", "--password", "seed-password-1"],
    ];
    const run = await runScript("seed:scale", args, vars);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("accounts 11–12 seeded");
    await client.connect();
    expect(await count("select count(*) as n from users where email like '%@seed.invalid'")).toBe(
      12,
    );
    expect(await count("select count(*) as n from contacts")).toBe(60);
    expect(await count("select count(*) as n from interactions")).toBe(120);
    expect(
      await count("select count(*) as n from billing_status where subscription_status = 'active'"),
    ).toBe(12);
    // A third of the accounts share one zone, and each has its next reminder at 9:00 there.
    expect(
      await count("select count(*) as n from user_settings where timezone = 'Europe/London'"),
    ).toBe(4);
    expect(
      await count(`select count(*) as n from user_reminders r join user_settings s using (user_id)
        where extract(hour from r.next_scheduled_at at time zone s.timezone) = 9
          and r.next_scheduled_at > now()`),
    ).toBe(12);
    // A used account: signed in, a token, a relationship, a household of two, and its last two
    // digests sent, the older one's notification read.
    expect(await count("select count(*) as n from sessions")).toBe(12);
    expect(await count("select count(*) as n from accounts where password is not null")).toBe(12);
    expect(await count("select count(*) as n from api_tokens")).toBe(12);
    expect(await count("select count(*) as n from relationships")).toBe(12);
    expect(await count("select count(*) as n from household_members")).toBe(24);
    expect(
      await count(`select count(*) as n from outbox o
        join reminder_deliveries d on d.outbox_id = o.id and d.id = o.delivery_id
        where o.status = 'sent' and d.status = 'sent' and d.scheduled_for < now()`),
    ).toBe(24);
    expect(await count("select count(*) as n from user_notifications where seen_at is null")).toBe(
      12,
    );
    // Every placed contact has its place's zone already: a start has nothing to backfill.
    expect(
      await count(
        "select count(*) as n from contacts where latitude is not null and time_zone is null",
      ),
    ).toBe(0);
    expect(
      await count(
        "select count(*) as n from contacts where city = 'Tokyo' and time_zone <> 'Asia/Tokyo'",
      ),
    ).toBe(0);
    // Every contact with a rhythm is due after it was last contacted.
    expect(
      await count(`select count(*) as n from contacts
        where rhythm_interval is not null and next_due_at <= last_contacted_at`),
    ).toBe(0);

    const more = await runScript("seed:scale", ["--users", "3", "--contacts", "1"], vars);
    expect(more.code, more.stderr).toBe(0);
    expect(await count("select count(*) as n from users")).toBe(15);
    const reset = await runScript(
      "seed:scale",
      ["--users", "2", "--contacts", "1", "--reset"],
      vars,
    );
    expect(reset.stdout).toContain("Removed 15 seeded accounts.");
    expect(await count("select count(*) as n from users")).toBe(2);
    expect(await count("select count(*) as n from contacts")).toBe(2);
    // The removed accounts' mail and notifications went with them.
    expect(await count("select count(*) as n from outbox")).toBe(14);
    expect(await count("select count(*) as n from notifications")).toBe(14);
  }, 180_000);

  it("says what is wrong with its arguments or its database", async () => {
    const bad = await runScript("seed:scale", ["--users", "lots"], { DATABASE_URL: database.url });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--users must be a whole number, not "lots".');
    const embedded = await runScript("seed:scale", ["--users", "1"], { DATABASE_URL: "" });
    expect(embedded.code).toBe(2);
    expect(embedded.stderr).toContain("Set DATABASE_URL to a PostgreSQL database.");
  }, 60_000);
});
