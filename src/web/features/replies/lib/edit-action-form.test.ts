import { describe, expect, it } from "vitest";
import type { ReplyAction, ReplyActionDetails } from "../../../../core/replies";
import { readEditValues, toEditValues } from "./edit-action-form";

const TODAY = "2026-12-02";

function actionOf(details: ReplyActionDetails, over: Partial<ReplyAction> = {}): ReplyAction {
  return {
    id: "a1",
    kind: details.kind,
    contactId: null,
    contactName: "Grace",
    candidates: [
      { id: "c1", name: "Grace Hopper" },
      { id: "c2", name: "Grace Kelly" },
    ],
    status: "suggested",
    details,
    evidence: "had coffee with grace yesterday",
    undoId: null,
    ...over,
  };
}

describe("edit, then accept", () => {
  it("needs a contact chosen when the name fitted two", () => {
    const action = actionOf({
      kind: "interaction",
      date: "2026-12-01",
      channel: "in_person",
      note: null,
    });
    const values = toEditValues(action);
    expect(values).toMatchObject({
      contactId: "",
      date: "2026-12-01",
      channel: "in_person",
      note: "",
    });
    expect(readEditValues(action, values, TODAY)).toEqual({
      ok: false,
      errors: { contactId: "Choose who this is about" },
    });
    expect(readEditValues(action, { ...values, contactId: "c2", note: " coffee " }, TODAY)).toEqual(
      {
        ok: true,
        input: {
          contactId: "c2",
          details: {
            kind: "interaction",
            date: "2026-12-01",
            channel: "in_person",
            note: "coffee",
          },
        },
      },
    );
  });

  it("adds someone new when no one is chosen, as the reply named them", () => {
    const action = actionOf(
      { kind: "note", text: "Met at the conference" },
      { contactName: "Linus", candidates: [] },
    );
    expect(readEditValues(action, toEditValues(action), TODAY)).toEqual({
      ok: true,
      input: { details: { kind: "note", text: "Met at the conference" } },
    });
  });

  it("refuses a day that has not come for a log, and one that has passed for a snooze", () => {
    const log = actionOf({ kind: "interaction", date: "2026-12-01", channel: null, note: null });
    const later = readEditValues(
      log,
      { ...toEditValues(log), contactId: "c1", date: "2026-12-03" },
      TODAY,
    );
    expect(later).toMatchObject({ ok: false, errors: { date: expect.stringContaining("today") } });
    const snooze = actionOf({ kind: "snooze", until: "2026-12-09" }, { contactId: "c1" });
    expect(readEditValues(snooze, { ...toEditValues(snooze), date: TODAY }, TODAY)).toMatchObject({
      ok: false,
      errors: { date: "Choose a day after today" },
    });
    expect(readEditValues(snooze, toEditValues(snooze), TODAY)).toMatchObject({
      ok: true,
      input: { contactId: "c1", details: { kind: "snooze", until: "2026-12-09" } },
    });
  });

  it("reads a birthday's numbers and an optional year", () => {
    const action = actionOf(
      { kind: "birthday", day: 3, month: 11, year: null },
      { contactId: "c1" },
    );
    const values = toEditValues(action);
    expect(values).toMatchObject({ day: "3", month: "11", year: "" });
    expect(readEditValues(action, values, TODAY)).toMatchObject({
      ok: true,
      input: { details: { kind: "birthday", day: 3, month: 11, year: null } },
    });
    expect(readEditValues(action, { ...values, day: "40", year: "90" }, TODAY)).toEqual({
      ok: false,
      errors: {
        day: "Enter a day from 1 to 31",
        year: "Enter a year such as 1990, or leave it empty",
      },
    });
  });

  it("keeps the place found while its name is kept, and looks a new name up again", () => {
    const action = actionOf(
      { kind: "place", name: "Lisbon", placeId: "p-lisbon" },
      { contactId: "c1" },
    );
    expect(readEditValues(action, toEditValues(action), TODAY)).toMatchObject({
      ok: true,
      input: { details: { kind: "place", name: "Lisbon", placeId: "p-lisbon" } },
    });
    expect(
      readEditValues(action, { ...toEditValues(action), value: "Porto" }, TODAY),
    ).toMatchObject({
      ok: true,
      input: { details: { kind: "place", name: "Porto", placeId: null } },
    });
    expect(readEditValues(action, { ...toEditValues(action), value: "  " }, TODAY)).toMatchObject({
      ok: false,
      errors: { value: "Enter a town or a country" },
    });
  });

  it("checks an email address and says when a text is longer than the contract allows", () => {
    const email = actionOf({ kind: "email", value: "grace@example.com" }, { contactId: "c1" });
    expect(readEditValues(email, { ...toEditValues(email), value: "grace" }, TODAY)).toMatchObject({
      ok: false,
      errors: { value: "Enter an email address" },
    });
    const note = actionOf({ kind: "note", text: "x" }, { contactId: "c1" });
    expect(readEditValues(note, { ...toEditValues(note), note: "x".repeat(2_001) }, TODAY)).toEqual(
      {
        ok: false,
        errors: { note: "This is too long" },
      },
    );
  });
});
