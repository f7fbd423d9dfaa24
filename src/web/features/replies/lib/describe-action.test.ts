import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ReplyAction } from "../../../../core/replies";
import { setDateLocale } from "../../../lib/format-date";
import { canAcceptAsIs, describeDetails, describeWho, isNewPerson } from "./describe-action";

beforeEach(() => setDateLocale("en-GB"));
afterEach(() => setDateLocale("en-US"));

const who = (over: Partial<ReplyAction>) =>
  describeWho({ contactId: null, contactName: null, candidates: [], ...over });

describe("describeDetails", () => {
  it("writes a logged day with the shared date format, the channel and the note", () => {
    expect(
      describeDetails({
        kind: "interaction",
        date: "2026-12-01",
        channel: "in_person",
        note: "coffee",
      }),
    ).toBe("In touch on 1 Dec 2026 · In person: coffee");
    expect(
      describeDetails({ kind: "interaction", date: "2026-12-01", channel: null, note: null }),
    ).toBe("In touch on 1 Dec 2026");
  });

  it("writes every other kind in plain words", () => {
    expect(describeDetails({ kind: "snooze", until: "2026-12-09" })).toBe(
      "Snooze until 9 Dec 2026",
    );
    expect(describeDetails({ kind: "birthday", day: 3, month: 11, year: null })).toBe(
      "Birthday on 3 November",
    );
    expect(describeDetails({ kind: "birthday", day: 3, month: 11, year: 1990 })).toBe(
      "Birthday on 3 November 1990",
    );
    expect(describeDetails({ kind: "place", name: "Lisbon", placeId: null })).toBe(
      "Lives in Lisbon",
    );
    expect(describeDetails({ kind: "phone", value: "+351 912 345 678" })).toBe(
      "Phone number +351 912 345 678",
    );
    expect(describeDetails({ kind: "email", value: "grace@example.com" })).toBe(
      "Email address grace@example.com",
    );
    expect(describeDetails({ kind: "note", text: "Moving in spring" })).toBe(
      "Note: Moving in spring",
    );
  });
});

describe("describeWho", () => {
  it("names the one contact", () => {
    expect(who({ contactId: "c1", contactName: "Grace Hopper" })).toBe("Grace Hopper");
  });

  it("asks between the contacts a name fits", () => {
    const candidates = [
      { id: "a", name: "Grace Hopper" },
      { id: "b", name: "Grace Kelly" },
    ];
    expect(who({ contactName: "Grace", candidates })).toBe("“Grace”: Grace Hopper or Grace Kelly?");
    expect(
      who({ contactName: "Al", candidates: [...candidates, { id: "c", name: "Al Green" }] }),
    ).toBe("“Al”: Grace Hopper, Grace Kelly or Al Green?");
  });

  it("says when the person is not in the contacts", () => {
    expect(who({ contactName: "Linus" })).toBe("“Linus”, not in your contacts yet");
    expect(who({})).toBe("Someone, not in your contacts yet");
  });
});

describe("canAcceptAsIs", () => {
  const log = { kind: "interaction", date: "2026-12-01", channel: null, note: null } as const;
  const action = (over: Partial<ReplyAction>) => ({
    contactId: null,
    contactName: null,
    candidates: [],
    details: log,
    ...over,
  });

  it("takes one contact, or someone new to add, but not a choice between several", () => {
    expect(canAcceptAsIs(action({ contactId: "c1" }))).toBe(true);
    expect(canAcceptAsIs(action({ contactName: "Linus" }))).toBe(true);
    expect(isNewPerson(action({ contactName: "Linus" }))).toBe(true);
    const candidates = [
      { id: "a", name: "Grace Hopper" },
      { id: "b", name: "Grace Kelly" },
    ];
    expect(canAcceptAsIs(action({ contactName: "Grace", candidates }))).toBe(false);
    expect(canAcceptAsIs(action({}))).toBe(false);
  });

  it("never snoozes someone who is not there yet", () => {
    const snooze = { kind: "snooze", until: "2026-12-09" } as const;
    expect(canAcceptAsIs(action({ contactName: "Linus", details: snooze }))).toBe(false);
  });
});
