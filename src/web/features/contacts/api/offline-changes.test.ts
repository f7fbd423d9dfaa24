import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Contact } from "../../../../core/contacts";
import type { Interaction } from "../../../../core/interactions";
import { describeWaiting } from "../../../app/offline-banner";
import { interactionsKey } from "./contacts-cache";
import { describeEdit, loggedOffline, noteEditedOffline } from "./offline-changes";

describe("words for changes made offline", () => {
  it("counts waiting changes, one in the singular", () => {
    expect(describeWaiting(1)).toBe("1 change waiting to be sent");
    expect(describeWaiting(3)).toBe("3 changes waiting to be sent");
  });

  it("says what a refused edit was, by the fields' names, without its version", () => {
    expect(
      describeEdit({
        company: "Analytical Engines",
        notes: " Met in London ",
        expectedUpdatedAt: "2026-12-03T08:00:00.000Z",
        tags: ["work"],
      }),
    ).toBe("Company: Analytical Engines; Notes: Met in London");
    expect(describeEdit({ note: "Lunch" })).toBe("Note: Lunch");
    expect(describeEdit({ expectedUpdatedAt: "2026-12-03T08:00:00.000Z" })).toBeUndefined();
  });
});

describe("history drawn for a change made offline", () => {
  const contact = {
    id: "c1",
    firstName: "Ada",
    lastName: "Lovelace",
    rhythm: { interval: 1, unit: "week" },
    rhythmSetAt: "2026-11-01T00:00:00.000Z",
    lastContactedAt: "2026-11-20T12:00:00.000Z",
    preferredMethod: null,
    updatedAt: "2026-11-20T12:00:00.000Z",
  } as unknown as Contact;
  const past: Interaction = {
    id: "i1",
    contactId: "c1",
    occurredAt: "2026-11-20T12:00:00.000Z",
    channel: "phone",
    note: null,
    isDateOnly: false,
    createdAt: "2026-11-20T12:00:00.000Z",
  };

  it("puts a logged entry on top of the contact's history, as its page holds it", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Interaction[]>(interactionsKey("c1"), [past]);
    const { interaction } = loggedOffline(queryClient, contact, { note: "Coffee" });
    expect(queryClient.getQueryData<Interaction[]>(interactionsKey("c1"))).toEqual([
      interaction,
      past,
    ]);
  });

  it("edits an entry's note in place", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Interaction[]>(interactionsKey("c1"), [past]);
    const { interaction } = noteEditedOffline(queryClient, contact, "i1", { note: " Lunch " });
    expect(interaction).toMatchObject({ id: "i1", note: "Lunch" });
    expect(queryClient.getQueryData<Interaction[]>(interactionsKey("c1"))).toEqual([interaction]);
  });
});
