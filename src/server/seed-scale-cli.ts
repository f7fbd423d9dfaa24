// `npm run seed:scale -- --users 100000 --contacts 50`: a big installation on PostgreSQL to try
// hardware and queries against. Rows are made inside the server (INSERT … SELECT over
// generate_series), a batch of accounts per transaction, so nothing crosses the wire but the SQL.
// Accounts are paying and onboarded, a third of them in one time zone with reminders at 9:00;
// contacts have a spread of rhythms, places, tags and histories; each account has a signed-in
// device, an API token, a relationship, a household and its last `--days` digests with their
// mail and notifications, so every table a request reads has a used installation's size.
// Seeded accounts' emails end in @seed.invalid and `--reset` removes them first; with
// `--password` they can sign in with it.
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "./db/client";
import { hashPassword } from "./features/auth/auth.public";

const ZONES = [
  "America/New_York",
  "America/Los_Angeles",
  "America/Sao_Paulo",
  "Asia/Tokyo",
  "Asia/Kolkata",
  "Australia/Sydney",
  "Africa/Lagos",
  "Pacific/Auckland",
];
// [city, country code, latitude, longitude, time zone]. Each contact gets its place's zone, as the
// app would derive it, so a start on the seeded database has no zones to backfill.
const PLACES = [
  ["London", "GB", 51.5072, -0.1276, "Europe/London"],
  ["Paris", "FR", 48.8566, 2.3522, "Europe/Paris"],
  ["New York", "US", 40.7128, -74.006, "America/New_York"],
  ["Lisbon", "PT", 38.7223, -9.1393, "Europe/Lisbon"],
  ["Tokyo", "JP", 35.6762, 139.6503, "Asia/Tokyo"],
  ["Nairobi", "KE", -1.2921, 36.8219, "Africa/Nairobi"],
  ["Auckland", "NZ", -36.8485, 174.7633, "Pacific/Auckland"],
  ["Buenos Aires", "AR", -34.6037, -58.3816, "America/Argentina/Buenos_Aires"],
] as const;
const FIRST = ["Ana", "Bob", "Grace", "Jo", "Sam", "Maria", "Yuki", "Omar", "Lena", "Theo"];
const LAST = ["Carter", "Lopez", "Hopper", "Tanaka", "Okafor", "Novak", "Silva", "Berg"];
// [interval, unit]; null: no rhythm.
const RHYTHMS = [null, [1, "week"], [2, "week"], [1, "month"], [3, "month"], [6, "month"]] as const;

function usage(message: string): never {
  console.error(`${message}
Usage: npm run seed:scale -- --users N --contacts N [--interactions N] [--days N] [--batch N]
    [--password P] [--reset]
  DATABASE_URL must name a PostgreSQL database (the embedded one is for one person).`);
  process.exit(2);
}

function positive(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) usage(`--${name} must be a whole number, not "${value}".`);
  return n;
}

const sqlText = (items: readonly string[]) => `array[${items.map((s) => `'${s}'`).join(",")}]`;

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: "string" },
      contacts: { type: "string" },
      interactions: { type: "string" },
      days: { type: "string" },
      batch: { type: "string" },
      password: { type: "string" },
      reset: { type: "boolean", default: false },
    },
  });
  const users = positive(values.users, "users", 1000);
  const perUser = positive(values.contacts, "contacts", 50);
  const historyPerContact = positive(values.interactions, "interactions", 2);
  const days = positive(values.days, "days", 7);
  const batch = Math.max(1, positive(values.batch, "batch", 2000));
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith("postgres")) usage("Set DATABASE_URL to a PostgreSQL database.");

  // Migrations first, as the app would run them.
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await database.close();

  // One hash for every seeded account: argon2 is slow by design.
  const passwordHash = values.password ? await hashPassword(values.password) : null;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const started = Date.now();
  if (values.reset) {
    // Their mail and reminders' notifications would outlive them: an outbox row loses its owner,
    // and a notification is a row of its own (an announcement's is shared, so it stays).
    const seeded = `select id from users where email like '%@seed.invalid'`;
    await pool.query(`delete from outbox where user_id in (${seeded})`);
    await pool.query(`delete from notifications where type = 'REMINDER' and id in
      (select notification_id from user_notifications where user_id in (${seeded}))`);
    const { rowCount } = await pool.query(`delete from users where email like '%@seed.invalid'`);
    console.log(`Removed ${rowCount ?? 0} seeded accounts.`);
  }
  const { rows } = await pool.query<{ n: string }>(
    `select count(*) as n from users where email like '%@seed.invalid'`,
  );
  const offset = Number(rows[0]!.n);
  const zones = sqlText(ZONES);
  const cities = sqlText(PLACES.map((p) => p[0]));
  const codes = sqlText(PLACES.map((p) => p[1]));
  const placeZones = sqlText(PLACES.map((p) => p[4]));
  const lats = `array[${PLACES.map((p) => p[2]).join(",")}]::float8[]`;
  const lngs = `array[${PLACES.map((p) => p[3]).join(",")}]::float8[]`;
  const intervals = `array[${RHYTHMS.map((r) => (r ? r[0] : "null")).join(",")}]::int[]`;
  const units = `array[${RHYTHMS.map((r) => (r ? `'${r[1]}'` : "null")).join(",")}]::text[]`;

  for (let from = offset + 1; from <= offset + users; from += batch) {
    const to = Math.min(offset + users, from + batch - 1);
    const client = await pool.connect();
    try {
      await client.query("begin");
      // Accounts: a third in Europe/London, the rest spread over the other zones.
      await client.query(
        `create temporary table seed_users on commit drop as
         select n, 'seed-' || n as id,
           case when n % 3 = 0 then 'Europe/London' else (${zones})[1 + n % ${ZONES.length}] end as tz
         from generate_series($1::int, $2::int) as n`,
        [from, to],
      );
      await client.query(`
        insert into users (id, name, email, email_verified)
        select id, 'Seed ' || n, 'seed-' || n || '@seed.invalid', true from seed_users`);
      await client.query(`
        insert into profiles (id, first_name, last_name, dicebear_seed)
        select id, 'Seed', n::text, id from seed_users`);
      await client.query(`
        insert into billing_status (user_id, subscription_status, current_period_end, provider)
        select id, 'active', now() + interval '30 days', 'local' from seed_users`);
      await client.query(`
        insert into user_settings (user_id, timezone, reminder_frequency, reminder_cadence,
          reminder_time, reminder_method, onboarding_completed)
        select id, tz, 1, 'days', '9', 'email', true from seed_users`);
      // The next 9:00 in each account's zone.
      await client.query(`
        insert into user_reminders (user_id, reminder_frequency, reminder_cadence, reminder_time,
          reminder_method, timezone, anchor_date, next_scheduled_at)
        select id, 1, 'days', '9', 'email', tz, to_char(now() at time zone tz, 'YYYY-MM-DD'),
          (date_trunc('day', now() at time zone tz) + interval '1 day 9 hours') at time zone tz
        from seed_users`);
      await client.query(
        `insert into contacts (user_id, first_name, last_name, emails, city, country_code,
           latitude, longitude, time_zone, tags, rhythm_interval, rhythm_unit, rhythm_set_at,
           last_contacted_at, next_due_at, created_at, updated_at)
         select u.id,
           (${sqlText(FIRST)})[1 + (u.n + c) % ${FIRST.length}],
           (${sqlText(LAST)})[1 + (u.n * 7 + c) % ${LAST.length}] || ' ' || c,
           jsonb_build_array(jsonb_build_object('value', 'c' || c || '.' || u.id || '@seed.invalid', 'label', 'home')),
           (${cities})[1 + (u.n + c) % ${PLACES.length}],
           (${codes})[1 + (u.n + c) % ${PLACES.length}],
           (${lats})[1 + (u.n + c) % ${PLACES.length}] + random() / 10,
           (${lngs})[1 + (u.n + c) % ${PLACES.length}] + random() / 10,
           (${placeZones})[1 + (u.n + c) % ${PLACES.length}],
           case when c % 4 = 0 then array['close friends'] when c % 4 = 1 then array['work'] else array[]::text[] end,
           r.interval, r.unit, case when r.interval is null then null else now() end,
           last.at,
           case when r.interval is null then null
             else last.at + make_interval(days => r.interval * case r.unit when 'week' then 7 else 30 end) end,
           now() - interval '400 days', now()
         from seed_users u
         cross join generate_series(1, $1::int) as c
         cross join lateral (select (${intervals})[1 + (u.n + c) % ${RHYTHMS.length}] as interval,
                                    (${units})[1 + (u.n + c) % ${RHYTHMS.length}] as unit) as r
         cross join lateral (select now() - make_interval(days => ((u.n * 31 + c * 17) % 120)) as at) as last`,
        [perUser],
      );
      if (historyPerContact > 0) {
        await client.query(
          `insert into interactions (user_id, contact_id, occurred_at, channel, note)
           select c.user_id, c.id, c.last_contacted_at - make_interval(days => 30 * k),
             (array['phone','email','in_person','text'])[1 + k % 4],
             case when k = 0 then 'Caught up' end
           from contacts c join seed_users u on u.id = c.user_id
           cross join generate_series(0, $1::int - 1) as k`,
          [historyPerContact],
        );
      }
      await seedUse(client, { days, passwordHash });
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`accounts ${from}–${to} seeded (${Math.round(seconds)} s)`);
  }
  await pool.query("analyze");
  await pool.end();
  console.log(
    `${users} accounts with ${perUser} contacts each in ${Math.round((Date.now() - started) / 1000)} s.`,
  );
}

// What a used account holds beside its contacts, for the batch's accounts (seed_users).
async function seedUse(
  client: pg.PoolClient,
  options: { days: number; passwordHash: string | null },
): Promise<void> {
  if (options.passwordHash) {
    await client.query(
      `insert into accounts (id, account_id, provider_id, user_id, password)
       select 'seed-account-' || n, id, 'credential', id, $1 from seed_users`,
      [options.passwordHash],
    );
  }
  await client.query(`
    insert into sessions (id, token, user_id, expires_at)
    select 'seed-session-' || n, replace(gen_random_uuid()::text, '-', ''), id,
      now() + interval '30 days'
    from seed_users`);
  await client.query(`
    insert into api_tokens (user_id, name, scope, token_hash, prefix)
    select id, 'Script', 'read', encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'),
      'tend_' || n
    from seed_users`);
  // A relationship between the first two contacts (the lower id first, as the app stores it)
  // and a household of the next two.
  await client.query(`
    create temporary table seed_contact_ids on commit drop as
    select c.user_id, array_agg(c.id order by c.id) as ids
    from contacts c join seed_users u on u.id = c.user_id group by c.user_id`);
  await client.query(`
    insert into relationships (user_id, contact_id, related_contact_id, type, type_key)
    select user_id, ids[1], ids[2], 'friend', 'friend' from seed_contact_ids
    where cardinality(ids) >= 2`);
  await client.query(`
    with made as (
      insert into households (user_id, name)
      select user_id, 'Home' from seed_contact_ids where cardinality(ids) >= 4
      returning user_id, id)
    insert into household_members (user_id, contact_id, household_id)
    select made.user_id, member, made.id
    from made join seed_contact_ids s using (user_id) cross join unnest(s.ids[3:4]) as member`);
  // A digest at 9:00 on each of the last days: its delivery, its sent mail and its notification
  // (read, but for the newest).
  await client.query(
    `create temporary table seed_digests on commit drop as
     select u.id as user_id, u.n, d, gen_random_uuid() as delivery_id,
       gen_random_uuid() as outbox_id, gen_random_uuid() as notification_id,
       (date_trunc('day', now() at time zone u.tz) - make_interval(days => d) + interval '9 hours')
         at time zone u.tz as at
     from seed_users u cross join generate_series(1, $1::int) as d`,
    [options.days],
  );
  await client.query(`
    insert into outbox (id, user_id, channel, kind, "to", subject, text, html, delivery_id,
      status, attempts, next_attempt_at, transport, sent_at, created_at)
    select outbox_id, user_id, 'email', 'reminder-digest', 'seed-' || n || '@seed.invalid',
      'People to reach out to today', 'Ana Carter is due.', '<p>Ana Carter is due.</p>',
      delivery_id, 'sent', 1, at, 'smtp', at + interval '5 seconds', at
    from seed_digests`);
  await client.query(`
    insert into reminder_deliveries (id, user_id, reminder_id, scheduled_for, channel, status,
      attempts, contact_count, outbox_id, sent_at, created_at)
    select g.delivery_id, g.user_id, r.id, g.at, 'email', 'sent', 1, 3, g.outbox_id,
      g.at + interval '5 seconds', g.at
    from seed_digests g join user_reminders r using (user_id)`);
  await client.query(`
    insert into notifications (id, type, title, link, created_at)
    select notification_id, 'REMINDER', '3 people to reach out to', '/app', at from seed_digests`);
  await client.query(`
    insert into user_notifications (user_id, notification_id, seen_at, created_at)
    select user_id, notification_id, case when d > 1 then at + interval '2 hours' end, at
    from seed_digests`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
