// Households: people seen together ("The Carters": Sam and Jo), reminded and logged together.
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { contacts } from "./contacts";

export const households = pgTable(
  "households",
  {
    id: uuid().notNull().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

/** A contact is in at most one household: the key is the contact. */
export const householdMembers = pgTable(
  "household_members",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contactId: uuid().notNull(),
    householdId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contactId] }),
    index().on(t.userId, t.householdId),
    foreignKey({
      name: "household_members_household_fk",
      columns: [t.userId, t.householdId],
      foreignColumns: [households.userId, households.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "household_members_contact_fk",
      columns: [t.userId, t.contactId],
      foreignColumns: [contacts.userId, contacts.id],
    }).onDelete("cascade"),
  ],
);
