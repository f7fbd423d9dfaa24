// GET /api/contacts's answer as JSON bytes, without zod. The answer holds up to 1,000 contacts
// (~0.9 MB). fastify-type-provider-zod's serializer encoded it through ContactListSchema, which
// builds a validated copy of every object (~2.3 ms a request, and garbage). This serializer is
// still an allow-list: it copies exactly ContactListSchema's fields, so nothing else a contact
// object may carry reaches the browser; the copy is compiled from ContactSchema itself (which
// CONTACT_FIELDS defines), so a new field is listed without code here. It writes 64 contacts at
// a time into a Buffer, which Fastify sends as is: no 0.9 MB string is made, flattened,
// measured and encoded per request, which kept the garbage collector's old generation growing.
// Other statuses of the route keep the zod serializer.
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { serializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ContactList } from "../../../core/contact-list-schema";
import { ContactSchema } from "../../../core/contacts";
import { compileFunction, objectLiteral, read } from "../../lib/compile-object";

type Pick = (value: unknown) => unknown;

/** An expression copying what `schema` declares of the value `expr`, lists and nesting included. */
function pickExpression(schema: z.ZodType, expr: string, depth = 0): string {
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    const inner = pickExpression(schema.unwrap() as z.ZodType, expr, depth);
    return inner === expr ? expr : `(${expr} == null ? ${expr} : ${inner})`;
  }
  if (schema instanceof z.ZodArray) {
    const item = `e${depth}`;
    const inner = pickExpression(schema.element as z.ZodType, item, depth + 1);
    return inner === item ? expr : `${expr}.map((${item}) => ${inner})`; // strings: copied whole
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return objectLiteral(
      Object.entries(shape).map(([key, field]) => [
        key,
        pickExpression(field, read(expr, key), depth),
      ]),
    );
  }
  return expr;
}

/**
 * A function that copies exactly the fields `schema` declares, nested objects and lists of
 * objects included, and nothing else: the allow-list, compiled once from the schema into one
 * object literal (see compile-object.ts).
 */
export function pickerFor(schema: z.ZodType): Pick {
  return compileFunction<Pick>(["v"], pickExpression(schema, "v"));
}

// Contacts per JSON.stringify call: ~60 KB of text, below V8's large-object size.
const CHUNK = 64;
const OPEN = '{"items":';
const COMMA = 0x2c;

/** A serializer for lists of contacts answered as `itemSchema` (ContactSchema for the API). */
export function contactListSerializerFor(itemSchema: z.ZodType): (list: ContactList) => Buffer {
  const pickContact = pickerFor(itemSchema);
  return (list) => writeContactList(list, pickContact);
}

/** The list as JSON.stringify(ContactListSchema.encode(list)) would write it, as UTF-8. */
export const serializeContactList = contactListSerializerFor(ContactSchema);

const pickListedContact = pickerFor(ContactSchema);

/** One contact as serializeContactList writes it among the items, as UTF-8. */
export function serializeListedContact(contact: unknown): Buffer {
  return Buffer.from(JSON.stringify(pickListedContact(contact)));
}

/**
 * The list from its items already written one by one (serializeListedContact, in order): the
 * same bytes as serializeContactList, for a copy of the contacts kept between reads (decision
 * 195), so a read writes no contact again.
 */
export function joinContactList(
  list: Omit<ContactList, "items">,
  items: readonly Buffer[],
): Buffer {
  const rest = Buffer.from(restOf(list));
  let size = OPEN.length + 2 + Math.max(0, items.length - 1) + rest.length;
  for (const item of items) size += item.length;
  const bytes = Buffer.allocUnsafe(size);
  let end = bytes.write(`${OPEN}[`, 0, "latin1");
  for (const [index, item] of items.entries()) {
    if (index > 0) bytes[end++] = COMMA;
    end += item.copy(bytes, end);
  }
  bytes[end++] = 0x5d; // "]"
  bytes[end++] = COMMA; // in place of rest's "{"
  rest.copy(bytes, end, 1);
  return bytes;
}

// The fields after the items, as an object whose "{" becomes the "," after them.
function restOf(list: Omit<ContactList, "items">): string {
  const { counts } = list;
  return JSON.stringify({
    counts: {
      all: counts.all,
      overdue: counts.overdue,
      due_soon: counts.due_soon,
      on_track: counts.on_track,
      no_rhythm: counts.no_rhythm,
    },
    total: list.total,
    limit: list.limit,
    today: list.today,
    timeZone: list.timeZone,
  });
}

function writeContactList(list: ContactList, pickContact: Pick): Buffer {
  const { items } = list;
  // Each chunk is a JSON array "[…]". Written one after another, each overwrites the previous
  // one's "]" with its "[" turned into ",", so together they make one array; the last "]" stays.
  const chunks: string[] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    chunks.push(JSON.stringify(items.slice(i, i + CHUNK).map(pickContact)));
  }
  if (chunks.length === 0) chunks.push("[]");
  // The other fields, as an object whose "{" becomes the "," after the items.
  const rest = restOf(list);
  let size = OPEN.length + Buffer.byteLength(rest) - (chunks.length - 1);
  for (const chunk of chunks) size += Buffer.byteLength(chunk);
  const bytes = Buffer.allocUnsafe(size);
  let end = bytes.write(OPEN, 0, "latin1");
  for (const [index, chunk] of chunks.entries()) {
    const start = index === 0 ? end : end - 1;
    end = start + bytes.write(chunk, start);
    if (index > 0) bytes[start] = COMMA;
  }
  bytes.write(rest, end);
  bytes[end] = COMMA;
  return bytes;
}

/** The route's serializerCompiler: serializeContactList for 200, zod's for the other statuses. */
export const contactListSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  if (route.httpStatus !== "200") {
    return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  }
  // Fastify sends a Buffer from a serializer as it is (its type says string).
  return (data) => serializeContactList(data as ContactList) as unknown as string;
};
