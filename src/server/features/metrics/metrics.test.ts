import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSse } from "../../../../tests/helpers/sse-client";
import { build, createUser, injectAs, type TestApp } from "../../../../tests/helpers/test-app";
import { addDueContact, saveSchedule, setNow } from "../../../../tests/helpers/reminders-kit";
import { outbox } from "../../db/schema/index";

const TOKEN = "metrics-token-0123456789";

/** The value of one series (`name{labels} value`) in Prometheus text. */
function valueOf(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  if (!line) throw new Error(`${series} is not in the metrics:\n${text.slice(0, 2000)}`);
  return Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  let t: TestApp;
  let base: string;
  const scrape = async () => {
    const res = await t.app.inject({
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  beforeAll(async () => {
    t = await build({ METRICS_TOKEN: TOKEN });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => t.close());

  it("is absent when METRICS_TOKEN is not set", async () => {
    const plain = await build();
    try {
      const res = await plain.app.inject({
        url: "/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("refuses a request without the token or with a wrong one", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, "Bearer "]) {
      const res = await t.app.inject({
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toMatch(/Authorization: Bearer/);
      expect(res.body).not.toContain("tend_");
    }
  });

  it("exposes request durations by route, event-loop delay and open streams", async () => {
    const user = await createUser(t.app);
    await injectAs(t.app, user, { url: "/api/contacts" });
    const stream = await openSse(`${base}/api/notifications/stream`, { cookie: user.cookie });
    expect(stream.status).toBe(200);
    try {
      const res = await scrape();
      expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0.0.4/);
      const text = res.body;
      expect(
        valueOf(
          text,
          'tend_http_request_duration_seconds_count{method="GET",route="/api/contacts",status_code="200"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      // Parameters stay patterns: no ids or tokens become labels.
      await injectAs(t.app, user, { url: "/api/contacts/00000000-0000-4000-8000-000000000000" });
      const after = (await scrape()).body;
      expect(after).toContain('route="/api/contacts/:id",status_code="404"');
      expect(after).not.toContain("00000000-0000-4000-8000-000000000000");
      expect(valueOf(text, "tend_sse_connections")).toBe(1);
      expect(valueOf(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    } finally {
      stream.close();
    }
  });

  it("exposes outbox depth and age by channel and the scheduler's lag", async () => {
    const empty = (await scrape()).body;
    expect(valueOf(empty, 'tend_outbox_depth{channel="email"}')).toBe(0);
    expect(valueOf(empty, 'tend_outbox_depth{channel="sms"}')).toBe(0);
    expect(valueOf(empty, "tend_scheduler_lag_seconds")).toBe(0);

    const now = new Date();
    await t.app.db.insert(outbox).values(
      [300, 60].map((ageSeconds) => ({
        channel: "email",
        kind: "test",
        to: "x@example.com",
        text: "waiting",
        createdAt: new Date(now.getTime() - ageSeconds * 1000),
        nextAttemptAt: new Date(now.getTime() + 3_600_000),
      })),
    );
    const user = await createUser(t.app);
    await addDueContact(t.app, user);
    const { nextScheduledAt } = await saveSchedule(t.app, user);
    // Ten minutes after the reminder fell due, with no scheduler running.
    setNow(t.app, new Date(Date.parse(nextScheduledAt) + 600_000));

    const text = (await scrape()).body;
    expect(valueOf(text, 'tend_outbox_depth{channel="email"}')).toBe(2);
    expect(valueOf(text, 'tend_outbox_depth{channel="sms"}')).toBe(0);
    const age = valueOf(text, 'tend_outbox_oldest_age_seconds{channel="email"}');
    expect(age).toBeGreaterThanOrEqual(300);
    expect(valueOf(text, "tend_scheduler_lag_seconds")).toBeCloseTo(600, 0);
  });
});
