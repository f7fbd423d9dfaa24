// Helpers for the phone-sync tests: a device password through the real API, and CardDAV
// requests signed in with it.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { CreatedDevice } from "../../src/core/devices";
import { injectAs, type TestUser } from "./test-app";

export async function createDevice(
  app: FastifyInstance,
  user: TestUser,
  options: { name?: string; access?: "read" | "read-write" } = {},
): Promise<CreatedDevice> {
  const res = await injectAs(app, user, {
    method: "POST",
    url: "/api/devices",
    payload: { name: options.name ?? "Phone", access: options.access ?? "read-write" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedDevice>();
}

export function basicAuth(device: Pick<CreatedDevice, "username" | "password">): string {
  return `Basic ${Buffer.from(`${device.username}:${device.password}`).toString("base64")}`;
}

export function dav(
  app: FastifyInstance,
  device: Pick<CreatedDevice, "username" | "password">,
  options: { method: string; url: string; body?: string; headers?: Record<string, string> },
) {
  return app.inject({
    method: options.method as "GET",
    url: options.url,
    payload: options.body,
    headers: {
      authorization: basicAuth(device),
      ...(options.body ? { "content-type": "application/xml; charset=utf-8" } : {}),
      ...options.headers,
    },
  });
}

export const CARD_PATH = "/dav/addressbooks/contacts/";
