import { describe, expect, it } from "vitest";
import { renderDigestHtml, renderDigestSms, renderDigestText, type Digest } from "./digest-content";

const digest = (lastChannel: string | null): Digest => ({
  appName: "Tend",
  appUrl: "https://tend.example",
  firstName: "Ada",
  today: "2026-12-02",
  timeZone: "UTC",
  due: [
    {
      id: "c1",
      name: "Grace Hopper",
      dueDay: "2026-12-01",
      lastContactedAt: new Date("2026-11-29T12:00:00Z"),
      lastChannel,
      lastNote: null,
      link: null,
      markContactedUrl: "https://tend.example/r/mark",
      snoozeUrl: "https://tend.example/r/snooze",
    },
  ],
  moreCount: 0,
  birthdays: [],
  isTest: false,
  unsubscribeUrl: "https://tend.example/u",
});

describe("the digest's last touch", () => {
  it("names the way they were last in touch as the app does", () => {
    expect(renderDigestText(digest("whatsapp"))).toContain("Last in touch 3 days ago (WhatsApp)");
    expect(renderDigestText(digest("other"))).toContain("Last in touch 3 days ago\n");
  });
});

describe("the digest's night mark", () => {
  it("marks a person for whom it is night, in text and HTML, and no one else", () => {
    const asleep = digest(null);
    asleep.due[0]!.nightClock = "23:10";
    expect(renderDigestText(asleep)).toContain(
      "* Grace Hopper: overdue by 1 day · night there (23:10)",
    );
    expect(renderDigestHtml(asleep)).toContain("night there (23:10)");
    expect(renderDigestText(digest(null))).not.toContain("night there");
  });
});

describe("the text digest", () => {
  it("numbers a household as one line and counts as more only the people it leaves out", () => {
    const base = digest(null);
    const line = (id: string, name: string, memberIds?: string[]) => ({
      ...base.due[0]!,
      id,
      name,
      memberIds,
    });
    const carters = line("sam", "The Carters (Sam and Jo)", ["sam", "jo"]);
    const two = { ...base, due: [carters, line("alan", "Alan Turing")], acceptsSmsReplies: true };
    expect(renderDigestSms(two)).toBe(
      "Tend: 3 people are due: 1 The Carters (Sam and Jo), 2 Alan Turing. Reply 1 2 when done, or say what happened. https://tend.example/app/rhythms",
    );
    const four = { ...two, due: [...two.due, line("ada", "Ada"), line("kate", "Kate")] };
    expect(renderDigestSms(four)).toContain(
      "1 The Carters (Sam and Jo), 2 Alan Turing, 3 Ada and 1 more.",
    );
  });
});
