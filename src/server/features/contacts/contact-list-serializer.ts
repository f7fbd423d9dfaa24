// GET /api/contacts's answer as JSON bytes, without zod. The answer holds up to 1,000 contacts
// (~0.9 MB). fastify-type-provider-zod's serializer encoded it through ContactListSchema, which
// builds a validated copy of every object (~2.3 ms a request, and garbage). This serializer is
// still an allow-list: it copies exactly ContactListSchema's fields, one by one, so nothing else
// a contact object may carry reaches the browser (contact-list-serializer.test.ts holds it to
// the schema). It writes 64 contacts at a time into a Buffer, which Fastify sends as is: no
// 0.9 MB string is made, flattened, measured and encoded per request, which kept the garbage
// collector's old generation growing. Other statuses of the route keep the zod serializer.
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { ContactList } from "../../../core/contact-list";
import type { Contact } from "../../../core/contacts";

type Labelled = { label?: string; value: string };

function pickLabelled(list: readonly Labelled[]): Labelled[] {
  return list.map((e) => ({ label: e.label, value: e.value }));
}

function pickContact(c: Contact): Contact {
  const { birthday, rhythm } = c;
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    emails: pickLabelled(c.emails),
    phones: pickLabelled(c.phones),
    company: c.company,
    jobTitle: c.jobTitle,
    notes: c.notes,
    preferredMethod: c.preferredMethod,
    telegramUsername: c.telegramUsername,
    city: c.city,
    region: c.region,
    country: c.country,
    countryCode: c.countryCode,
    latitude: c.latitude,
    longitude: c.longitude,
    birthday: birthday && { day: birthday.day, month: birthday.month, year: birthday.year },
    tags: c.tags, // strings (a text[] column)
    rhythm: rhythm && { interval: rhythm.interval, unit: rhythm.unit },
    rhythmSetAt: c.rhythmSetAt,
    lastContactedAt: c.lastContactedAt,
    nextDueAt: c.nextDueAt,
    dueDate: c.dueDate,
    daysUntilDue: c.daysUntilDue,
    state: c.state,
    isSnoozed: c.isSnoozed,
    archivedAt: c.archivedAt,
    importId: c.importId,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

// Contacts per JSON.stringify call: ~60 KB of text, below V8's large-object size.
const CHUNK = 64;
const OPEN = '{"items":';
const COMMA = 0x2c;

/** The list as JSON.stringify(ContactListSchema.encode(list)) would write it, as UTF-8. */
export function serializeContactList(list: ContactList): Buffer {
  const { items, counts } = list;
  // Each chunk is a JSON array "[…]". Written one after another, each overwrites the previous
  // one's "]" with its "[" turned into ",", so together they make one array; the last "]" stays.
  const chunks: string[] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    chunks.push(JSON.stringify(items.slice(i, i + CHUNK).map(pickContact)));
  }
  if (chunks.length === 0) chunks.push("[]");
  // The other fields, as an object whose "{" becomes the "," after the items.
  const rest = JSON.stringify({
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
