// Helpers for the import/export API tests: uploads as a browser sends them (multipart), fixture
// files, and a quick look at what a user has.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { createUser, injectAs, type TestUser } from "./test-app";

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/import");

export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES, name));
}

export async function multipart(
  file: { name: string; content: Uint8Array | string; type?: string } | null,
  options?: Record<string, unknown>,
) {
  const form = new FormData();
  if (options) form.append("options", JSON.stringify(options));
  if (file) {
    const content = typeof file.content === "string" ? file.content : new Uint8Array(file.content);
    form.append("file", new Blob([content], { type: file.type ?? "text/csv" }), file.name);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type")! },
  };
}

export async function upload(
  app: FastifyInstance,
  user: TestUser,
  url: "/api/imports/preview" | "/api/imports" | "/api/imports/left-over",
  file: { name: string; content: Uint8Array | string; type?: string },
  options?: Record<string, unknown>,
) {
  const body = await multipart(file, options);
  return injectAs(app, user, { method: "POST", url, ...body });
}

/** A new account with `vcf` (an export's body) imported into it. */
export async function importVcardIntoNewAccount(app: FastifyInstance, vcf: string) {
  const target = await createUser(app);
  const res = await upload(app, target, "/api/imports", {
    name: "contacts.vcf",
    content: vcf,
    type: "text/vcard",
  });
  expect(res.statusCode, res.body).toBe(201);
  return target;
}

type ListedContact = { id: string; firstName: string; lastName: string; [key: string]: unknown };

/** Every contact of the user, archived ones included. */
export async function listContacts(app: FastifyInstance, user: TestUser) {
  const res = await injectAs(app, user, { url: "/api/contacts?archived=false" });
  const archived = await injectAs(app, user, { url: "/api/contacts?archived=true" });
  type List = { items: ListedContact[] };
  return [...res.json<List>().items, ...archived.json<List>().items];
}

export function names(list: { firstName: string; lastName: string }[]): string[] {
  return list.map((c) => `${c.firstName} ${c.lastName}`.trim()).sort();
}
