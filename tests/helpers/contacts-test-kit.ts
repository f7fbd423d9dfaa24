// Helpers for the contacts API tests: a fixed clock, a user's time zone, and quick creation.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { injectAs, type TestUser } from "./test-app";
import type { ContactDetail } from "../../src/core/households";
import type { Contact } from "../../src/core/contacts";
import { userSettings } from "../../src/server/db/schema/index";

/** Stops the app's clock at `iso` (sessions keep the real time). */
export function setNow(app: FastifyInstance, iso: string) {
  const at = Date.parse(iso);
  app.clock.now = () => new Date(at);
}

export async function setTimeZone(app: FastifyInstance, userId: string, timezone: string) {
  await app.db
    .insert(userSettings)
    .values({ userId, timezone })
    .onConflictDoUpdate({ target: userSettings.userId, set: { timezone } });
}

export async function addContact(
  app: FastifyInstance,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<Contact> {
  const res = await injectAs(app, user, { method: "POST", url: "/api/contacts", payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Contact>();
}

/** The contact as every answer carries it (without its page's household, see getContactDetail). */
export async function getContact(app: FastifyInstance, user: TestUser, id: string) {
  const { household: _household, ...contact } = await getContactDetail(app, user, id);
  return contact as Contact;
}

export async function getContactDetail(app: FastifyInstance, user: TestUser, id: string) {
  const res = await injectAs(app, user, { method: "GET", url: `/api/contacts/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContactDetail>();
}
