// Reading and writing cards: a contact as the vCard a phone gets, and a phone's PUT and DELETE
// as contact writes with the same rules as the app's (capacity, archive with undo). A stale
// If-Match is refused, never a silent overwrite.
import { and, eq, inArray } from "drizzle-orm";
import { contactDisplayName } from "../../../core/contact-display";
import type { RelatedRef } from "../../../core/relationships";
import { STALE_CONTACT_MESSAGE } from "../../../core/contacts";
import { AddressCardError, cardFieldsOf, readAddressCard } from "../../../core/import/address-card";
import type { ExportPhoto } from "../../../core/import/csv-export";
import { buildVcard, type VcardVersion } from "../../../core/import/vcard-write";
import type { Db } from "../../db/client";
import { addressBookCards, contacts } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import {
  assertContactCapacity,
  listRelationshipsFor,
  loadGroupRhythms,
  newContactValues,
  emitContactEvent,
  setArchived,
  toContact,
  updateContact,
  type ContactContext,
  type ContactRow,
} from "../contacts/contacts.public";
import {
  byNames,
  findCard,
  selectCards,
  type CardRef,
  type FoundCard,
} from "./address-book.queries";
import { NS, type PropName } from "./dav-xml";
import { etagOf } from "./dav-props";
import { readCardPhoto } from "./card-photos";
import { DavError } from "./dav-error";
import type { Storage } from "../../lib/storage/storage";

/** The card a phone gets: the contact in the vCard version it asked for, with its photo. */
export function cardText(
  card: Pick<CardRef, "uid"> & { contact: ContactRow; related?: RelatedRef[] },
  ctx: ContactContext,
  options: { version: VcardVersion; photo?: ExportPhoto },
) {
  const contact = { ...toContact(card.contact, ctx), photo: options.photo, related: card.related };
  return buildVcard(contact, { uid: card.uid, version: options.version });
}

/**
 * Each card's links: to the other person's card by its UID (the phone's own when it made the
 * card), or by name when that person is archived and so not in the book.
 */
async function withRelated(db: Db, userId: string, cards: FoundCard[]) {
  const links = await listRelationshipsFor(
    db,
    userId,
    cards.map((c) => c.contactId),
  );
  const otherIds = [...links.values()].flat().map((l) => l.other.id);
  const uids = otherIds.length
    ? await db
        .select({ id: addressBookCards.contactId, uid: addressBookCards.uid })
        .from(addressBookCards)
        .where(
          and(
            eq(addressBookCards.userId, userId),
            inArray(addressBookCards.contactId, [...new Set(otherIds)]),
          ),
        )
    : [];
  const uidOf = new Map(uids.map((u) => [u.id, u.uid]));
  return cards.map((card) => ({
    ...card,
    related: (links.get(card.contactId) ?? []).map(({ type, other }): RelatedRef =>
      other.isArchived
        ? { type, name: contactDisplayName(other) }
        : { type, uid: uidOf.get(other.id) ?? `urn:uuid:${other.id}` },
    ),
  }));
}

/** The user's cards in the book (not archived) with their contacts, all or by name. */
export async function loadCards(db: Db, userId: string, names?: string[]) {
  if (names && names.length === 0) return [];
  const cards = await selectCards(db, userId, { where: names ? byNames(names) : undefined });
  return withRelated(db, userId, cards);
}

type Preconditions = { ifMatch?: string; ifNoneMatch?: string };

function matches(header: string, etag: string): boolean {
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === "*" || t === etag);
}

/** 412 when the client's view of the card is not the current one. */
function checkPreconditions(current: FoundCard | undefined, headers: Preconditions) {
  const etag = current ? etagOf(current.version) : null;
  if (headers.ifMatch !== undefined && (!etag || !matches(headers.ifMatch, etag))) {
    throw new DavError(412, "The card changed since you read it: sync again before saving.");
  }
  if (headers.ifNoneMatch !== undefined && etag && matches(headers.ifNoneMatch, etag)) {
    throw new DavError(412, "A card with this name exists already: sync again before saving.");
  }
}

const VALID_DATA: PropName = { ns: NS.carddav, name: "valid-address-data" };
const QUOTA: PropName = { ns: NS.dav, name: "quota-not-exceeded" };

function readBody(body: string, now: Date) {
  try {
    return readAddressCard(body, now);
  } catch (error) {
    if (error instanceof AddressCardError) throw new DavError(403, error.message, VALID_DATA);
    throw error;
  }
}

/**
 * PUT: a phone's new card becomes a contact; an edit changes only what a card carries. The card
 * is saved whole or refused whole: a photo that cannot be taken refuses it before any write.
 */
export async function putCard(
  db: Db,
  options: { name: string; body: string; ctx: ContactContext; storage: Storage } & Preconditions,
): Promise<"created" | "updated"> {
  const { name, ctx, storage } = options;
  const card = readBody(options.body, ctx.now);
  const current = await findCard(db, ctx.userId, name);
  // An archived contact is not in the book: the phone sees no card there.
  const visible = current && !current.contact.archivedAt ? current : undefined;
  checkPreconditions(visible, options);
  const photo = await readCardPhoto(storage, {
    userId: ctx.userId,
    photo: card.photo,
    currentKey: visible?.contact.photoKey ?? null,
    isCurrentSeen:
      Boolean(visible) && options.ifMatch !== undefined && options.ifMatch.trim() !== "*",
  });
  let outcome: "created" | "updated";
  try {
    outcome = current
      ? await updateCard(db, { current, isVisible: Boolean(visible), card, photo, ctx })
      : await createCard(db, { name, uid: card.uid, input: card.contact, photo, ctx });
  } catch (error) {
    if (photo.stored) await storage.delete("avatars", photo.stored);
    throw error;
  }
  // The card has committed with its new photo: the old file is only litter now, and a failure to
  // remove it must neither fail the phone's write nor take the new photo with it.
  const previous = current?.contact.photoKey;
  if (previous && photo.photoKey !== undefined && photo.photoKey !== previous) {
    await storage.delete("avatars", previous).catch(() => undefined);
  }
  return outcome;
}

type PhotoChange = { photoKey?: string | null };

async function updateCard(
  db: Db,
  options: {
    current: FoundCard;
    isVisible: boolean;
    card: ReturnType<typeof readAddressCard>;
    photo: PhotoChange;
    ctx: ContactContext;
  },
): Promise<"created" | "updated"> {
  const { current, ctx } = options;
  try {
    await updateContact(
      db,
      current.contactId,
      {
        ...cardFieldsOf(options.card.contact),
        expectedUpdatedAt: current.contact.updatedAt.toISOString(),
      },
      ctx,
      options.photo.photoKey !== undefined ? { photoKey: options.photo.photoKey } : {},
    );
  } catch (error) {
    if (error instanceof AppError && error.message === STALE_CONTACT_MESSAGE) {
      throw new DavError(412, "The card changed while you saved it: sync again.");
    }
    throw error;
  }
  if (current.contact.archivedAt) await setArchived(db, current.contactId, false, ctx);
  return options.isVisible ? "updated" : "created";
}

async function createCard(
  db: Db,
  options: {
    name: string;
    uid: string | null;
    input: ReturnType<typeof readAddressCard>["contact"];
    photo: PhotoChange;
    ctx: ContactContext;
  },
): Promise<"created"> {
  const { name, ctx } = options;
  try {
    await db.transaction(async (tx) => {
      await assertContactCapacity(tx, ctx.userId, 1);
      const groups = await loadGroupRhythms(tx, ctx.userId);
      const [row] = await tx
        .insert(contacts)
        .values({
          ...newContactValues(options.input, { now: ctx.now, timeZone: ctx.timeZone, groups }),
          photoKey: options.photo.photoKey ?? null,
          userId: ctx.userId,
        })
        .returning();
      const id = row!.id;
      await emitContactEvent(tx, "contact.created", row!, ctx);
      // A deleted contact's tombstone may still carry the name: the new card takes it over.
      await tx
        .update(addressBookCards)
        .set({ hrefName: null })
        .where(and(eq(addressBookCards.userId, ctx.userId), eq(addressBookCards.hrefName, name)));
      const isOwnName = name.toLowerCase() === `${id}.vcf`;
      await tx
        .update(addressBookCards)
        .set({ hrefName: isOwnName ? null : name, uid: options.uid })
        .where(eq(addressBookCards.contactId, id));
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "LIMIT_REACHED") {
      throw new DavError(507, error.message, QUOTA);
    }
    throw error;
  }
  return "created";
}

/** DELETE: the phone's deleted card archives its contact (restorable, undoable in the app). */
export async function deleteCard(
  db: Db,
  options: { name: string; ctx: ContactContext } & Pick<Preconditions, "ifMatch">,
): Promise<void> {
  const current = await findCard(db, options.ctx.userId, options.name);
  if (!current || current.contact.archivedAt) throw new DavError(404, "There is no card here.");
  checkPreconditions(current, { ifMatch: options.ifMatch });
  await setArchived(db, current.contactId, true, options.ctx);
}
