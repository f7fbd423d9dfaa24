// The built-in reader: a reply's own words into proposed actions, on this machine, with no
// outside request. It is sure only when nothing is left to guess (decision 242): a wrong person
// applied is worse than a suggestion the user accepts with one tap.
import type { ContactMethod } from "../contact-methods";
import {
  ProposedActionSchema,
  type ProposedAction,
  type ReaderInput,
  type ReplyActionDetails,
} from "../replies";
import { sanitizeMultilineText, sanitizePhone } from "../sanitize";
import { emailsIn, findMentions, indexContacts, type Mention } from "./match-names";
import { addDays, dayOf, readBirthday, readDay, readDays, userClock } from "./reply-dates";

type Person = { ids: string[]; name: string | null; sure: boolean };

type Context = {
  input: ReaderInput;
  index: ReturnType<typeof indexContacts>;
  clock: Date;
  today: string;
  /** The people last named, for "she", "him" and "they" in a later clause. */
  lastNamed: Person[];
  actions: ProposedAction[];
};

const NEGATION =
  /\b(didn'?t|did not|couldn'?t|could not|can'?t|cannot|never|wasn'?t|weren'?t|haven'?t|hasn'?t|hadn'?t|not|no answer|no reply|no luck|failed to|unable to|missed|don'?t|doesn'?t|won'?t|wouldn'?t|cancell?ed|called off|postponed|rescheduled)\b/i;
const FUTURE =
  /\b((i|we|she|he|they|you)'ll|will|shall|going to|gonna|plan to|planning to|plan on|want to|wanna|hope to|hoping to|need to|needs to|have to|has to|should|must|tomorrow|tonight|later|next|soon|upcoming|intend to|about to|would like to|i'?d like to|let'?s)\b|\b(am|are|is|i'?m|we'?re)\s+(seeing|meeting|calling|visiting|having|catching|grabbing|getting|phoning|texting)\b|\bin (\d+|a|an|two|three|a few) (days?|weeks?|months?)\b/i;
const SNOOZE =
  /\b(snooze|remind me|postpone|push (him|her|them|\w+) (back|out)|defer|ask me again)\b/i;
const QUESTION = /\?\s*$/;
// Said without certainty: a suggestion at most.
const HEDGE =
  /\b(i think|i guess|i believe|maybe|perhaps|probably|might have|may have|not sure|possibly|i suppose)\b/i;
const PRONOUN = /\b(he|him|his|she|her|hers|they|them|their)\b/i;
const EVERYONE = /\b(everyone|everybody|all of them|them all|all three|all four|both of them)\b/i;
const NOT_PARTICIPANT =
  /^['’]s\s+(husband|wife|partner|son|daughter|kids?|children|mum|mom|dad|father|mother|brother|sister|friend|boss|colleague|cousin|parents|family|dog|cat)\b/i;

// How a meeting happened, tried in this order; `note` is the short phrase kept with the entry.
const CHANNELS: { re: RegExp; channel: ContactMethod | null; note?: (m: string) => string }[] = [
  { re: /\bwhats ?app(ed)?\b/i, channel: "whatsapp" },
  { re: /\btelegram(med)?\b/i, channel: "telegram" },
  {
    re: /\b(video ?call(ed)?|face ?timed?|zoom(ed)?|skyped?)\b/i,
    channel: "other",
    note: () => "video call",
  },
  {
    re: /\b(texted|text(ed)? messages?|(a|his|her|their) (text|message)|sms(ed)?|messaged|sent (him|her|them|\w+) a (text|message))\b/i,
    channel: "text",
  },
  { re: /\b(e-?mailed|wrote to|sent (him|her|them|\w+ )?an e-?mail)\b/i, channel: "email" },
  {
    re: /\b(called|phoned|rang|phone call|(a|the) call|call with|spoke on the phone|on the phone)\b/i,
    channel: "phone",
  },
  {
    re: /\b(coffee|lunch|dinner|breakfast|brunch|drinks|a drink|beers?|tea|walk)\b/i,
    channel: "in_person",
    note: (m) => m.toLowerCase().replace(/^a /, ""),
  },
  {
    re: /\b(met|meet up|met up|saw|seen|visited|hung out|bumped into|ran into|played|spent (the|an?) (day|morning|afternoon|evening|weekend|time|hour)|went (out|for)|dropped by|came over|popped (round|over|by)|in person)\b/i,
    channel: "in_person",
  },
  {
    re: /\b(caught up|catch(-| )up|spoke|talked|chat|chatted|heard from|got in touch|reached|done|did)\b/i,
    channel: null,
  },
];

export function readReply(input: ReaderInput): ProposedAction[] {
  const clock = userClock(input.receivedAt, input.timeZone);
  const context: Context = {
    input,
    index: indexContacts(input.contacts),
    clock,
    today: dayOf(clock),
    lastNamed: [],
    actions: [],
  };
  for (const sentence of sentencesOf(input.text)) readSentence(context, sentence);
  return dedupe(context.actions);
}

function sentencesOf(text: string): string[] {
  return text
    .replace(/[’‘]/g, "'")
    .replace(/\b(Dr|Mr|Mrs|Ms|Mx|St|Prof|Jr|Sr)\./g, "$1")
    .split(/\n+|(?<=[.!?;])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function readSentence(context: Context, sentence: string) {
  const { input } = context;
  const bare = sentence
    .replace(/[,.!\s]*\b(thanks|thank you|thx|cheers|ta)\b[.!]*\s*$/i, "")
    .trim();
  if (readDigestShortcut(context, bare, sentence)) return;
  if (QUESTION.test(sentence)) return;
  const mentions = findMentions(sentence, context.index);
  if (SNOOZE.test(sentence)) return readSnooze(context, sentence, mentions);

  const clauses = clausesOf(sentence);
  const interaction: { text: string; people: Person[] }[] = [];
  for (const clause of clauses) {
    // "2 and 3 done, 1 next week": the numbered part is the digest's people.
    if (readDigestShortcut(context, clause.text.trim(), sentence, true)) continue;
    const inClause = mentions.filter((m) => m.start >= clause.start && m.end <= clause.end);
    const masked = maskMentions(clause.text, inClause, clause.start);
    const named = inClause.map(personOf);
    if (NEGATION.test(masked)) {
      remember(context, named);
      continue;
    }
    if (readFact(context, clause, masked, inClause)) {
      remember(context, named);
      continue;
    }
    if (!FUTURE.test(masked)) {
      const participants = inClause
        .filter((m) => !NOT_PARTICIPANT.test(sentence.slice(m.end, m.end + 20)))
        .filter((m) => !/\babout\s+$/i.test(sentence.slice(Math.max(0, m.start - 8), m.start)))
        .map(personOf);
      interaction.push({
        text: masked,
        people: [...participants, ...unknownNames(clause.text, inClause, clause.start)],
      });
    }
    remember(context, named);
  }
  const text = interaction.map((c) => c.text).join(", ");
  const channel = CHANNELS.find((c) => c.re.test(text));
  if (!channel) return;
  let people = interaction.flatMap((c) => c.people);
  let pronounOnly = false;
  for (const n of sentence.matchAll(/#(\d{1,2})\b/g))
    people.push(...digestLine(input, Number(n[1])).map(digestPerson));
  if (people.length === 0 && EVERYONE.test(text)) people = digestPeople(input).map(digestPerson);
  if (people.length === 0 && PRONOUN.test(text)) {
    people = context.lastNamed.length === 1 ? context.lastNamed : [];
    pronounOnly = true;
  }
  // Replying to a digest of one line (one person, or one household), "had coffee yesterday" is
  // about them; "her" probably.
  if (people.length === 0 && context.lastNamed.length === 0)
    people = soleLine(input).map(digestPerson);
  const read = readDay(text, context.clock, true);
  if (read?.later) return;
  const date = read?.day ?? context.today;
  const match = text.match(channel.re)?.[0] ?? "";
  const note = channel.note ? channel.note(match) : null;
  // Two days in one sentence ("Ada yesterday and Alan today") may not be everyone's day.
  const days = new Set(readDays(text, context.clock).map((d) => d.day));
  const clear =
    !read?.vague && date <= context.today && !pronounOnly && days.size <= 1 && !HEDGE.test(text);
  for (const person of people) {
    propose(
      context,
      person,
      { kind: "interaction", date, channel: channel.channel, note },
      clear,
      sentence,
    );
  }
}

// "all done", "everyone", "done", "1 3", "1, 2 done", "#2": the people of the digest replied to.
function readDigestShortcut(
  context: Context,
  bare: string,
  sentence: string,
  numbersOnly = false,
): boolean {
  const { input } = context;
  const everyone = digestPeople(input);
  if (everyone.length === 0) return false;
  const words = bare
    .toLowerCase()
    .replace(/[.!✓✔]+/g, " ")
    .trim();
  let ids: string[] = [];
  if (numbersOnly) {
    if (!/^#?\d{1,2}((\s*(,|&|and)\s*|\s+)#?\d{1,2})*\s+done$/.test(words)) return false;
    ids = [...words.matchAll(/\d{1,2}/g)].flatMap((m) => digestLine(input, Number(m[0])));
  } else if (
    /^(all|everyone|everybody|all of them|both|all done|done|all good|done all|did them all|all three|all four|yes all|all of them done|everyone done)( done)?$/.test(
      words,
    )
  )
    ids = everyone;
  else if (/^(yes|yep|yeah|did it|done it|ok|yes done)$/.test(words)) {
    ids = soleLine(input);
    if (ids.length === 0) return false;
  } else if (
    /^(done:?\s*)?#?\d{1,2}((\s*(,|&|and)\s*|\s+)#?\d{1,2})*(\s+(done|yes|ok))?$/.test(words)
  ) {
    ids = [...words.matchAll(/\d{1,2}/g)].flatMap((m) => digestLine(input, Number(m[0])));
    if (ids.length === 0) return true;
  } else return false;
  for (const id of new Set(ids)) {
    propose(
      context,
      digestPerson(id),
      { kind: "interaction", date: context.today, channel: null, note: null },
      true,
      sentence,
    );
  }
  return true;
}

/** Everyone the digest named, once each. */
function digestPeople(input: ReaderInput): string[] {
  return [...new Set(input.digestLines.flat())];
}

/** Everyone its line `n` named (1 is the first): one person, or a household. */
function digestLine(input: ReaderInput, n: number): string[] {
  return input.digestLines[n - 1] ?? [];
}

/** The people of a digest with one line: whom a reply naming nobody is about. */
function soleLine(input: ReaderInput): string[] {
  const lines = input.digestLines.filter((line) => line.length > 0);
  return lines.length === 1 ? [...new Set(lines[0])] : [];
}

function digestPerson(id: string): Person {
  return { ids: [id], name: null, sure: true };
}

function readSnooze(context: Context, sentence: string, mentions: Mention[]) {
  if (NEGATION.test(maskMentions(sentence, mentions, 0))) return;
  const read = readDay(sentence, context.clock, false);
  const until = read && read.day > context.today ? read.day : addDays(context.today, 7);
  const clear = Boolean(read && read.day > context.today);
  let people: Person[] = mentions.map(personOf);
  let pronounOnly = false;
  if (people.length === 0 && /\b(all|everyone|everybody|them all)\b/i.test(sentence))
    people = digestPeople(context.input).map(digestPerson);
  else if (people.length === 0 && PRONOUN.test(sentence)) {
    people = context.lastNamed.length === 1 ? context.lastNamed : [];
    pronounOnly = true;
  } else if (people.length === 0) people = soleLine(context.input).map(digestPerson);
  for (const person of people)
    propose(context, person, { kind: "snooze", until }, clear && !pronounOnly, sentence);
  remember(context, mentions.map(personOf));
}

const PLACE =
  /\b(?:moving|moved|moves|relocating|relocated|relocates|lives|living|live|based|settled|settling)\s+(?:back\s+)?(?:now\s+)?(?:to|in)\s+((?:the\s+)?[\p{L}][\p{L}\p{M}'.-]*(?:\s+[\p{L}][\p{L}\p{M}'.-]*){0,3})/iu;
const PLACE_STOP =
  /^(next|soon|now|for|with|and|in|at|on|this|last|after|since|from|because|by|when|so|but|or|to|yesterday|today|tomorrow|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;
const PHONE = /\+?\(?\d[\d ().-]{5,}\d/;

/** A fact about someone (birthday, place, number, address): true when the clause was one. */
function readFact(
  context: Context,
  { text: clause, start }: { text: string; start: number },
  masked: string,
  mentions: Mention[],
): boolean {
  const words = mentions.filter((m) => !m.text.includes("@"));
  let details: ReplyActionDetails | null = null;
  let subjects = words;
  if (/\b(birthday|b-?day|born)\b/i.test(masked)) {
    const birthday = readBirthday(masked, context.clock);
    if (birthday) details = { kind: "birthday", ...birthday };
  } else if (/\b(number|phone|mobile|cell|tel)\b/i.test(masked) && PHONE.test(clause)) {
    const value = sanitizePhone(clause.match(PHONE)?.[0] ?? "");
    if (value && value.length <= 30) details = { kind: "phone", value };
  } else if (/\b(e-?mail|address)\b/i.test(masked) && emailsIn(clause).length > 0) {
    const value = emailsIn(clause)[0]?.value ?? "";
    if (value.length <= 254) details = { kind: "email", value };
  } else {
    const place = clause.match(PLACE);
    if (!place || place.index === undefined) return false;
    const name = placeName(place[1] ?? "");
    // "I moved to Porto" is the user's own news; the subject is what comes before the verb.
    const at = place.index;
    const before = clause.slice(0, at);
    if (!name || /\b(i|we|i'm|we're|i've|we've)\s*$/i.test(before)) return true;
    details = { kind: "place", name, placeId: null };
    subjects = words.filter((m) => m.end <= start + at);
  }
  if (!details) return false;
  if (details.kind === "place" && subjects.length > 1) {
    for (const subject of subjects) propose(context, personOf(subject), details, false, clause);
    return true;
  }
  const digest = digestPeople(context.input);
  let person: Person | null = null;
  if (subjects.length === 1 && subjects[0]) person = personOf(subjects[0]);
  else if (subjects.length === 0 && PRONOUN.test(masked))
    person =
      context.lastNamed.length === 1 ? ({ ...context.lastNamed[0], sure: false } as Person) : null;
  else if (subjects.length === 0 && digest.length === 1)
    person = { ids: [digest[0] ?? ""], name: null, sure: false };
  if (!person) return true;
  if (details.kind === "email" && person.ids.length === 1) {
    const known = context.input.contacts.find((c) => c.id === person.ids[0]);
    if (known?.emails.some((e) => e.toLowerCase() === details.value)) return true;
  }
  // A place goes through the gazetteer and the user's eye: never applied unasked.
  propose(context, person, details, details.kind !== "place", clause);
  return true;
}

function placeName(raw: string): string {
  const kept: string[] = [];
  for (const word of raw.split(/\s+/)) {
    if (PLACE_STOP.test(word) && kept.length > 0) break;
    if (PLACE_STOP.test(word)) return "";
    kept.push(word.replace(/[.]+$/, ""));
  }
  return kept
    .map((w) => (w === "the" && kept.length > 1 ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ")
    .trim();
}

function clausesOf(sentence: string): { text: string; start: number; end: number }[] {
  const clauses: { text: string; start: number; end: number }[] = [];
  const separator = /\s*(?:,|;|\bbut\b|\bthough\b|\balthough\b|\s[-–—]\s)\s*/gi;
  let start = 0;
  for (const m of sentence.matchAll(separator)) {
    clauses.push({ text: sentence.slice(start, m.index), start, end: m.index });
    start = m.index + m[0].length;
  }
  clauses.push({ text: sentence.slice(start), start, end: sentence.length });
  return clauses.filter((c) => c.text.trim());
}

// Names stand aside while the words around them are read: "Will" is a person, not the future.
function maskMentions(text: string, mentions: Mention[], offset: number): string {
  let out = text;
  for (const m of [...mentions].sort((a, b) => b.start - a.start)) {
    const from = m.start - offset;
    const to = m.end - offset;
    if (from >= 0 && to <= out.length) out = `${out.slice(0, from)}Person${out.slice(to)}`;
  }
  return out;
}

const NOT_NAMES = new Set(
  "I Tend The A An My We He She They It OK Ok Zoom Teams Skype FaceTime WhatsApp Telegram Signal Slack Google Meet Christmas Easter Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December Mum Mom Dad Yesterday Today".split(
    " ",
  ),
);

/** Words as a pattern whose first letter may be a capital, for regexes that must keep case. */
function anyFirstCase(words: string): string {
  return words
    .split(" ")
    .map((w) => `[${w[0]}${w[0]?.toUpperCase()}]${w.slice(1)}`)
    .join("|");
}

// The name part is case-sensitive (a capital starts a name), the word before it is not.
const UNKNOWN_NAME = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:${anyFirstCase("with met saw visited called phoned rang texted messaged emailed whatsapped and")}|&)\s+((?:\p{Lu}[\p{L}\p{M}'-]+)(?:\s+\p{Lu}[\p{L}\p{M}'-]+){0,2})`,
  "gu",
);

// Replies typed on a phone often have no capitals ("had coffee with maria"): a word in lower case
// after a verb of meeting or calling is a name unless it is one of these everyday words. Only
// the verbs, not "and" or "&", which join things as often as people ("coffee and cake").
const EVERYDAY_WORDS = new Set(
  `a an the my our your his her their him them us me you it its this that these those some any
  someone somebody anyone anybody everyone everybody nobody no one all both each few lots several
  friend friends family kids kid children child baby mum mom mother dad father parents sister
  brother sisters brothers wife husband partner girlfriend boyfriend son daughter grandma grandpa
  granny grandparents aunt uncle cousin cousins nephew niece inlaws in-laws neighbour neighbours
  neighbor neighbors boss team colleague colleagues coworker coworkers coworkers work client
  clients people folks guys gang group class school office doctor dentist vet
  back again up out off in on at to for about over round around by from of into after before
  yesterday today tonight tomorrow morning afternoon evening night week weekend month year
  earlier later now then twice once briefly quickly finally just already still too also last
  next home there here lunch dinner breakfast brunch coffee tea drinks drink beer beers wine food
  is was were be been are am and or but so if as not never
  monday tuesday wednesday thursday friday saturday sunday christmas easter
  zoom teams skype facetime whatsapp telegram signal slack google meet phone video`.split(/\s+/),
);
const LOWER_NAME = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:${anyFirstCase("with met saw called phoned rang texted messaged emailed whatsapped")})\s+(\p{Ll}[\p{L}\p{M}'-]+)(?:\s+(\p{Ll}[\p{L}\p{M}'-]+))?`,
  "gu",
);

function titleCase(word: string): string {
  return word.replace(
    /(^|[-'])(\p{L})/gu,
    (_, mark: string, letter: string) => mark + letter.toUpperCase(),
  );
}

// A name after "with", "met", "called"… that is none of the user's contacts: capitalised, or in
// lower case and not an everyday word.
function unknownNames(clause: string, mentions: Mention[], offset: number): Person[] {
  const found: { start: number; end: number; name: string }[] = [];
  for (const m of clause.matchAll(UNKNOWN_NAME)) {
    const name = (m[1] ?? "").replace(/'s$/, "");
    const start = offset + m.index + m[0].length - (m[1] ?? "").length;
    if (NOT_NAMES.has(name.split(/\s+/)[0] ?? "")) continue;
    found.push({ start, end: start + name.length, name });
  }
  for (const m of clause.matchAll(LOWER_NAME)) {
    const first = (m[1] ?? "").replace(/'s$/, "");
    if (first.length < 2 || EVERYDAY_WORDS.has(first)) continue;
    const last = m[2] && !m[1]?.endsWith("'s") && !EVERYDAY_WORDS.has(m[2]) ? m[2] : null;
    const words = last ? `${first} ${last.replace(/'s$/, "")}` : first;
    const start =
      offset + m.index + m[0].length - (m[2] ? m[2].length + 1 : 0) - (m[1] ?? "").length;
    found.push({
      start,
      end: start + words.length,
      name: words.split(" ").map(titleCase).join(" "),
    });
  }
  return found
    .filter(({ start, end }) => !mentions.some((x) => x.start < end && x.end > start))
    .map(({ name }) => ({ ids: [], name, sure: false }));
}

function personOf(m: Mention): Person {
  return { ids: m.ids, name: m.text, sure: m.sure };
}

function remember(context: Context, named: Person[]) {
  if (named.length > 0) context.lastNamed = named;
}

function propose(
  context: Context,
  person: Person,
  details: ReplyActionDetails,
  clear: boolean,
  evidence: string,
) {
  const one = person.ids.length === 1 ? (person.ids[0] ?? null) : null;
  if (details.kind === "interaction" && details.note)
    details = { ...details, note: sanitizeMultilineText(details.note).slice(0, 200) || null };
  const action = ProposedActionSchema.safeParse({
    details,
    contactId: one,
    candidateIds: one ? [] : person.ids.slice(0, 20),
    name: person.name?.slice(0, 200) ?? null,
    sure: Boolean(one) && person.sure && clear,
    evidence: evidence.slice(0, 500),
  });
  // A name or place too long for the contract is not one worth proposing.
  if (action.success) context.actions.push(action.data);
}

function dedupe(actions: ProposedAction[]): ProposedAction[] {
  const seen = new Set<string>();
  return actions.filter((a) => {
    const day = a.details.kind === "interaction" ? a.details.date : "";
    const key = `${a.details.kind}|${day}|${a.contactId ?? a.name ?? a.candidateIds.join(",")}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
