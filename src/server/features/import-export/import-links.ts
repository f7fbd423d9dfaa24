// The links an imported file carries (vCard RELATED, the JSON export's relationships), written
// once its people are: a link names a row of the same file by its UID, one of the user's
// contacts by its id, or a person by name when exactly one contact has that name.
import { eq } from "drizzle-orm";
import { contactDisplayName } from "../../../core/contact-display";
import type { ImportExtras } from "../../../core/import/map-row";
import type { RelatedRef } from "../../../core/relationships";
import type { Tx } from "../../db/client";
import { contacts } from "../../db/schema/index";
import { insertRelationship, touchContacts } from "../contacts/contacts.public";

type Written = { id: string; extras: ImportExtras[] };

const UUID_URN = /^urn:uuid:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const nameKey = (name: string) => name.toLocaleLowerCase().replace(/\s+/g, " ").trim();

/** Writes the links of the imported people; answers how many were new. */
export async function linkImportedPeople(
  tx: Tx,
  userId: string,
  written: Written[],
): Promise<number> {
  if (!written.some((w) => w.extras.some((e) => e.related?.length))) return 0;
  const people = await tx
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(eq(contacts.userId, userId));
  const ids = new Set(people.map((p) => p.id));
  const byName = new Map<string, string[]>();
  for (const person of people) {
    const key = nameKey(contactDisplayName(person));
    byName.set(key, [...(byName.get(key) ?? []), person.id]);
  }
  const byUid = new Map<string, string>();
  for (const { id, extras } of written) {
    for (const e of extras) if (e.sourceUid) byUid.set(e.sourceUid, id);
  }
  const find = (ref: RelatedRef): string | undefined => {
    if ("name" in ref) {
      const found = byName.get(nameKey(ref.name)) ?? [];
      return found.length === 1 ? found[0] : undefined;
    }
    const inFile = byUid.get(ref.uid);
    if (inFile) return inFile;
    const own = UUID_URN.exec(ref.uid)?.[1]?.toLowerCase();
    return own && ids.has(own) ? own : undefined;
  };
  let linked = 0;
  const touched = new Set<string>();
  for (const { id, extras } of written) {
    for (const ref of extras.flatMap((e) => e.related ?? [])) {
      const other = find(ref);
      if (!other || other === id) continue;
      const row = await insertRelationship(tx, userId, {
        contactId: id,
        relatedId: other,
        type: ref.type,
      });
      if (!row) continue;
      linked += 1;
      touched.add(id).add(other);
    }
  }
  await touchContacts(tx, userId, [...touched]);
  return linked;
}
