// Writes the links an import plan found (related-links.ts), once its people are written: a row's
// line names the contact it became; a row left for later (past the limit) takes its links along.
import type { PlannedLink } from "../../../core/import/related-links";
import type { Tx } from "../../db/client";
import { insertRelationship, touchContacts } from "../contacts/contacts.public";

type Written = { id: string; lines: number[] };

/** Writes the plan's links between the written people; answers how many were new. */
export async function linkImportedPeople(
  tx: Tx,
  userId: string,
  options: { links: readonly PlannedLink[]; written: readonly Written[] },
): Promise<number> {
  if (options.links.length === 0) return 0;
  const idOf = new Map<number, string>();
  for (const { id, lines } of options.written) for (const line of lines) idOf.set(line, id);
  let linked = 0;
  const touched = new Set<string>();
  for (const link of options.links) {
    const contactId = idOf.get(link.line);
    const relatedId = "line" in link.to ? idOf.get(link.to.line) : link.to.contactId;
    if (!contactId || !relatedId || contactId === relatedId) continue;
    const row = await insertRelationship(tx, userId, { contactId, relatedId, type: link.type });
    if (!row) continue;
    linked += 1;
    touched.add(contactId).add(relatedId);
  }
  await touchContacts(tx, userId, [...touched]);
  return linked;
}
