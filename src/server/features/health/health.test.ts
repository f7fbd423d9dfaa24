import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type TestApp } from "../../../../tests/helpers/test-app";
import { MIGRATIONS_DIR } from "../../db/client";
import { outbox } from "../../db/schema/index";
import { runScheduler } from "../reminders/reminders.public";

describe("health and config", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("reports alive and ready on a migrated database", async () => {
    expect((await t.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready", database: true, migrated: true });
  });

  it("answers 503 on /readyz while draining for a shutdown, and still serves", async () => {
    t.app.lifecycle.isDraining = true;
    try {
      const ready = await t.app.inject({ url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: "shutting down" });
      expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.isDraining = false;
    }
  });

  it("tells an operator when the scheduler last ran and how old the oldest unsent message is, per channel", async () => {
    let jobs = (await t.app.inject({ url: "/readyz" })).json().jobs;
    expect(jobs).toEqual({
      lastSchedulerRunAt: null,
      oldestUnsentAt: null,
      oldestUnsentAgeSeconds: null,
      channels: {},
    });
    await runScheduler({ db: t.app.db, env: t.app.env, now: () => new Date(), log: t.app.log });
    await t.app.db.insert(outbox).values({
      channel: "email",
      kind: "test",
      to: "x@example.com",
      text: "waiting",
      createdAt: new Date(Date.now() - 120_000),
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    await t.app.db.insert(outbox).values({
      channel: "ntfy",
      kind: "test",
      to: "00000000-0000-4000-8000-000000000000",
      text: "waiting too",
      createdAt: new Date(Date.now() - 60_000),
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    jobs = (await t.app.inject({ url: "/readyz" })).json().jobs;
    expect(jobs.channels.email.unsent).toBe(1);
    expect(jobs.channels.ntfy).toMatchObject({ unsent: 1 });
    expect(jobs.channels.ntfy.oldestUnsentAgeSeconds).toBeGreaterThanOrEqual(60);
    expect(Date.now() - Date.parse(jobs.lastSchedulerRunAt)).toBeLessThan(60_000);
    expect(jobs.oldestUnsentAgeSeconds).toBeGreaterThanOrEqual(120);
  });

  it("serves the public config without secrets", async () => {
    const res = await t.app.inject({ url: "/api/config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ appName: "Tend", planPriceUsd: 8, isGoogleEnabled: false });
    expect(res.body).not.toContain("test-secret");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject({ url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });

  it("sends security headers with a content security policy", async () => {
    const res = await t.app.inject({ url: "/api/config" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    // Worked out once, they are still Helmet's whole set, on every answer.
    const missing = await t.app.inject({ url: "/api/nothing-here" });
    for (const answer of [res, missing]) {
      expect(answer.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(answer.headers["referrer-policy"]).toBe("no-referrer");
      expect(answer.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(answer.headers["strict-transport-security"]).toBeUndefined(); // not in production
    }
  });
});

describe("readiness follows the committed migrations", () => {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const latest = journal.entries.at(-1)!;
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("answers 503 naming a migration the database has not applied, 200 once it is", async () => {
    await t.app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${latest.when}`,
    );
    const pending = await t.app.inject({ url: "/readyz" });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({
      status: "not ready",
      database: true,
      migrated: false,
      pendingMigrations: [latest.tag],
      message: `Migrations not applied: ${latest.tag}. Restart the server or run "npm run db:migrate".`,
    });

    await t.app.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${latest.when})`,
    );
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready", database: true, migrated: true });
  });

  it("reports every migration as pending on a database that was never migrated", async () => {
    await t.app.db.execute(sql`drop schema drizzle cascade`);
    const res = await t.app.inject({ url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json().pendingMigrations).toEqual(journal.entries.map((e) => e.tag));
  });
});

describe("compression", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("compresses larger responses for browsers that accept it", async () => {
    const res = await t.app.inject({
      url: "/api/docs",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
  });
});

describe("Google sign-in configuration", () => {
  it("is announced to the browser only when both the client id and secret are set", async () => {
    const t = await build({
      GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    try {
      const res = await t.app.inject({ url: "/api/config" });
      expect(res.json().isGoogleEnabled).toBe(true);
      expect(res.body).not.toContain("secret");
      const start = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/social",
        headers: { origin: "http://localhost:3000" },
        payload: { provider: "google", callbackURL: "/auth/oauth-callback" },
      });
      expect(start.statusCode).toBe(200);
      expect(start.json().url).toMatch(/^https:\/\/accounts\.google\.com\//);
    } finally {
      await t.close();
    }
  });
});
