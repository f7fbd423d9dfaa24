// A contact's people, for the API and MCP: the links from its side and the household it is in.
import { contactDisplayName } from "../../../core/contact-display";
import type { Household } from "../../../core/households";
import type { ContactRelation } from "../../../core/relationships";
import type { Db, Tx } from "../../db/client";
import { findHouseholdOf } from "./households.service";
import { listRelationshipsOf } from "./relationships.queries";

export type ContactCircle = { relationships: ContactRelation[]; household: Household | null };

/** The user's own contact's links and household; the caller has checked the contact is theirs. */
export async function findContactCircle(
  db: Db | Tx,
  userId: string,
  contactId: string,
): Promise<ContactCircle> {
  const links = await listRelationshipsOf(db, userId, contactId);
  const household = await findHouseholdOf(db, userId, contactId);
  return {
    relationships: links.map((l) => ({
      type: l.type,
      contactId: l.other.id,
      name: contactDisplayName(l.other),
      isArchived: l.other.isArchived,
    })),
    household,
  };
}
