// Replies as mail apps send them: the own words kept, the quoted digest and signature dropped,
// and then read by the built-in reader with the same scoring as the core table.
import { describe, expect, test } from "vitest";
import { readReply } from "../../../core/assistant/read-reply";
import {
  DIGEST,
  measure,
  type Expected,
  type Row,
} from "../../../core/assistant/replies-table-kit";
import { REPLY_TEXT_MAX } from "../../../core/replies";
import { htmlToText, replyOwnText } from "./reply-text";

const DIGEST_TEXT = [
  "Time to get in touch:",
  "1 Grace Hopper: last talked 3 weeks ago",
  "2 Alan Turing: call him, it's been 2 months",
  "3 Ada Lovelace",
  "Reply with what happened, e.g. had lunch with Grace yesterday",
].join("\n");
const quoted = DIGEST_TEXT.split("\n")
  .map((l) => `> ${l}`)
  .join("\n");

const GMAIL = (own: string) =>
  `${own}\n\nOn Tue, 1 Dec 2026 at 09:00, Tend <reminders@tend.example> wrote:\n\n${quoted}\n`;
const GMAIL_WRAPPED = (own: string) =>
  `${own}\r\n\r\nOn Tue, 1 Dec 2026 at 09:00, Tend <\r\nreminders@tend.example> wrote:\r\n\r\n${quoted}\r\n`;
const OUTLOOK = (own: string) =>
  `${own}\n\n-----Original Message-----\nFrom: Tend <reminders@tend.example>\nSent: Tuesday, December 1, 2026 9:00 AM\nTo: me@example.com\nSubject: Who to catch up with\n\n${DIGEST_TEXT}\n`;
const OUTLOOK_BLOCK = (own: string) =>
  `${own}\n\nFrom: Tend <reminders@tend.example>\nSent: Tuesday, December 1, 2026 9:00 AM\nTo: me@example.com\nSubject: Who to catch up with\n\n${DIGEST_TEXT}\n`;
const OUTLOOK_LINE = (own: string) =>
  `${own}\n\nGet Outlook for Android\n________________________________\nFrom: Tend <reminders@tend.example>\nSent: Tuesday, December 1, 2026 9:00:00 AM\nTo: me@example.com\nSubject: Who to catch up with\n\n${DIGEST_TEXT}\n`;
const APPLE = (own: string) =>
  `${own}\n\nSent from my iPhone\n\n> On 1 Dec 2026, at 09:00, Tend <reminders@tend.example> wrote:\n> \n${quoted}\n`;
const APPLE_NO_SIGNATURE = (own: string) =>
  `${own}\n\n> On 1 Dec 2026, at 09:00, Tend <reminders@tend.example> wrote:\n> \n${quoted}\n`;

const html = {
  gmail: (own: string) =>
    `<div dir="ltr">${own}</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, 1 Dec 2026 at 09:00, Tend &lt;reminders@tend.example&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0 0 0 .8ex">1 Grace Hopper<br>2 Alan Turing<br><div>3 Ada Lovelace</div></blockquote></div>`,
  outlook: (own: string) =>
    `<html><head><style>p { margin: 0 }</style></head><body><div style="font-family: Calibri">${own}</div><div id="appendonsend"></div><hr style="display:inline-block"><div id="divRplyFwdMsg" dir="ltr"><b>From:</b> Tend &lt;reminders@tend.example&gt;<br><b>Sent:</b> Tuesday, December 1, 2026 9:00 AM</div><div>1 Grace Hopper<br>2 Alan Turing</div></body></html>`,
  apple: (own: string) =>
    `<html><body dir="auto"><div dir="ltr">${own}</div><div dir="ltr"><br><blockquote type="cite">On 1 Dec 2026, at 09:00, Tend &lt;reminders@tend.example&gt; wrote:<br><blockquote type="cite">older</blockquote>1 Grace Hopper<br>2 Alan Turing</blockquote></div><div>Sent from my iPhone</div></body></html>`,
};

type MailRow = [
  mail: { text?: string | null; html?: string | null },
  own: string,
  expected: Expected[],
];

const applied = (who: string, details: Expected["details"]): Expected => ({
  who,
  details,
  status: "applied",
});
const suggested = (who: string, details: Expected["details"]): Expected => ({
  who,
  details,
  status: "suggested",
});
const TODAY = "2026-12-02";
const YESTERDAY = "2026-12-01";

const MAIL: MailRow[] = [
  [
    { text: GMAIL("had coffee with grace yesterday, she's moving to Lisbon") },
    "had coffee with grace yesterday, she's moving to Lisbon",
    [
      applied("grace", {
        kind: "interaction",
        date: YESTERDAY,
        channel: "in_person",
        note: "coffee",
      }),
      suggested("grace", { kind: "place", name: "Lisbon" }),
    ],
  ],
  [
    { text: GMAIL_WRAPPED("Called Alan") },
    "Called Alan",
    [applied("alan", { kind: "interaction", date: TODAY, channel: "phone" })],
  ],
  [
    { text: OUTLOOK("Lunch with Ada today") },
    "Lunch with Ada today",
    [applied("ada", { kind: "interaction", date: TODAY, note: "lunch" })],
  ],
  [
    { text: OUTLOOK_BLOCK("Saw Zoë yesterday") },
    "Saw Zoë yesterday",
    [applied("zoe", { kind: "interaction", date: YESTERDAY })],
  ],
  [
    { text: OUTLOOK_LINE("1 3") },
    "1 3",
    [applied("grace", { kind: "interaction" }), applied("ada", { kind: "interaction" })],
  ],
  [
    { text: APPLE("Dinner with José last night") },
    "Dinner with José last night",
    [applied("jose", { kind: "interaction", date: YESTERDAY, note: "dinner" })],
  ],
  [
    { text: APPLE_NO_SIGNATURE("all done") },
    "all done",
    DIGEST.map((id) => applied(id, { kind: "interaction" })),
  ],
  [
    {
      text: "Met Kate for coffee\n\n-- \nJane Doe\nCall me on +1 555 010 0000\nwill see you tomorrow",
    },
    "Met Kate for coffee",
    [applied("kate", { kind: "interaction", note: "coffee" })],
  ],
  [
    { text: "didn't manage to call Alan\n\nSent from Outlook for Android\n" + quoted },
    "didn't manage to call Alan",
    [],
  ],
  [
    { text: "Texted Noor\nGet Outlook for iOS" },
    "Texted Noor",
    [applied("noor", { kind: "interaction", channel: "text" })],
  ],
  [
    { text: `${quoted}\n\nCalled Grace on Monday` },
    "Called Grace on Monday",
    [applied("grace", { kind: "interaction", date: "2026-11-30", channel: "phone" })],
  ],
  [
    { html: html.gmail("Had lunch with <b>Ada</b> &amp; Alan") },
    "Had lunch with Ada & Alan",
    [
      applied("ada", { kind: "interaction", note: "lunch" }),
      applied("alan", { kind: "interaction", note: "lunch" }),
    ],
  ],
  [
    { text: "", html: html.outlook("<p>Called Se&aacute;n O&#39;Brien yesterday</p>") },
    "Called Seán O'Brien yesterday",
    [applied("sean", { kind: "interaction", date: YESTERDAY, channel: "phone" })],
  ],
  [
    { text: null, html: html.apple("Coffee with Zo&euml; &Oslash;deg&aring;rd") },
    "Coffee with Zoë Ødegård",
    [applied("zoe", { kind: "interaction", note: "coffee" })],
  ],
  [{ html: html.gmail("I&#8217;ll call her tomorrow") }, "I’ll call her tomorrow", []],
  [
    { html: html.gmail("Coffee with Sam<div><br></div><div>Drinks with Priya</div>") },
    "Coffee with Sam\n\nDrinks with Priya",
    [
      suggested("~samc,samw", { kind: "interaction" }),
      suggested("?Priya", { kind: "interaction" }),
    ],
  ],
  [
    { text: "Grace's new number is +351 912 345 678\nSent from my iPhone" },
    "Grace's new number is +351 912 345 678",
    [applied("grace", { kind: "phone", value: "+351 912 345 678" })],
  ],
  [
    {
      text: "Snooze Alan until next week\n\nOn Tue, 1 Dec 2026 at 09:00, Tend <reminders@tend.example> wrote:\n> 2 Alan Turing",
    },
    "Snooze Alan until next week",
    [applied("alan", { kind: "snooze", until: "2026-12-09" })],
  ],
];

describe("replyOwnText", () => {
  test.each(MAIL.map(([mail, own], i) => [i, mail, own] as const))(
    "mail %i keeps only the reply's own words",
    (_i, mail, own) => {
      expect(replyOwnText(mail)).toBe(own);
    },
  );

  test("the mail table reads with no wrong action applied", () => {
    const rows: Row[] = MAIL.map(([mail, , expected]) => [replyOwnText(mail), expected]);
    const score = measure(rows, readReply);
    console.info(
      `Built-in reader on ${rows.length} mails: precision ${score.precision.toFixed(1)} %, recall ${score.recall.toFixed(1)} % (${score.found}/${score.expected})`,
    );
    expect(score.wrongApplied).toEqual([]);
    expect(score.missed).toEqual([]);
  });

  test("a long reply is capped, and nothing at all is an empty text", () => {
    expect(replyOwnText({ text: "a ".repeat(10_000) }).length).toBeLessThanOrEqual(REPLY_TEXT_MAX);
    expect(replyOwnText({})).toBe("");
    expect(replyOwnText({ text: "   ", html: null })).toBe("");
  });

  test("HTML: scripts, styles and comments go, entities are decoded, unclosed quotes drop the rest", () => {
    expect(htmlToText("<script>alert(1)</script><!-- x --><p>Hi &lt;there&gt; &#x1F600;</p>")).toBe(
      "Hi <there> 😀",
    );
    expect(htmlToText("Saw Ada<blockquote>never closed <b>Grace</b>")).toBe("Saw Ada");
  });

  // A pattern that backtracked without end would hang these past the test's timeout; how fast
  // they are is for the benchmarks, not an assertion here.
  test("a huge unbalanced HTML body and a huge quote header are read", () => {
    expect(htmlToText(`${"<div><blockquote>".repeat(50_000)}x`)).toBe("");
    expect(replyOwnText({ text: `On ${"x ".repeat(100_000)}` }).length).toBeLessThanOrEqual(
      REPLY_TEXT_MAX,
    );
  });

  test("a forward keeps only the words written above it (Gmail's and Apple Mail's markers)", () => {
    const below = "From: Grace <grace@example.org>\nSubject: Lunch\n\nShall we?";
    expect(
      replyOwnText({
        text: `Had lunch with Grace.\n\n---------- Forwarded message ---------\n${below}`,
      }),
    ).toBe("Had lunch with Grace.");
    expect(
      replyOwnText({ text: `Had lunch with Grace.\n\nBegin forwarded message:\n\n${below}` }),
    ).toBe("Had lunch with Grace.");
  });
});
