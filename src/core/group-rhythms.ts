// Groups with a rhythm: a tag can carry a default rhythm, and a contact without a rhythm of their
// own follows the most frequent one among their tags. No zod here: the contact list's page
// imports these rules (the request schemas: group-rhythm-schema.ts).
import { describeRhythm, NOMINAL_DAYS, type Rhythm } from "./rhythm";

/** A tag's default rhythm, under the tag's spelling where it was set. */
export type GroupRhythm = { tag: string; rhythm: Rhythm };

/** Where a contact's rhythm comes from: a group (tag) it follows, or null for its own or none. */
export type RhythmSource = { tag: string } | null;

export type EffectiveRhythm = { rhythm: Rhythm | null; source: RhythmSource };

/** Tags match ignoring case, as everywhere else (filters, bulk rhythm). */
export function tagKey(tag: string): string {
  return tag.toLocaleLowerCase();
}

/** A rhythm's length in nominal days (a month counts 30, a year 365), for comparing rhythms. */
export function rhythmDays(rhythm: Rhythm): number {
  return rhythm.interval * NOMINAL_DAYS[rhythm.unit];
}

/** Group rhythms by tag key, for effectiveRhythm. */
export function indexGroupRhythms(groups: readonly GroupRhythm[]): Map<string, GroupRhythm> {
  return new Map(groups.map((g) => [tagKey(g.tag), g]));
}

/**
 * The group rhythm a contact with these tags follows: the most frequent (fewest nominal days).
 * Ties (two groups of equal length, such as "every 7 days" and "every week") go to the tag whose
 * name sorts first ignoring case, then by its exact spelling, so the answer never depends on the
 * order of a contact's tags.
 */
export function pickGroupRhythm(
  tags: readonly string[],
  groups: ReadonlyMap<string, GroupRhythm>,
): GroupRhythm | null {
  let best: GroupRhythm | null = null;
  for (const tag of tags) {
    const group = groups.get(tagKey(tag));
    if (!group) continue;
    if (!best || isBefore(group, best)) best = group;
  }
  return best;
}

function isBefore(a: GroupRhythm, b: GroupRhythm): boolean {
  const byDays = rhythmDays(a.rhythm) - rhythmDays(b.rhythm);
  if (byDays !== 0) return byDays < 0;
  const [ka, kb] = [tagKey(a.tag), tagKey(b.tag)];
  if (ka !== kb) return ka < kb;
  return a.tag < b.tag;
}

/** The rhythm a contact goes by: their own when they have one, else their groups' (or none). */
export function effectiveRhythm(input: {
  own: Rhythm | null;
  tags: readonly string[];
  groups: ReadonlyMap<string, GroupRhythm>;
}): EffectiveRhythm {
  if (input.own) return { rhythm: input.own, source: null };
  const group = pickGroupRhythm(input.tags, input.groups);
  return group
    ? { rhythm: group.rhythm, source: { tag: group.tag } }
    : { rhythm: null, source: null };
}

/** "Every 2 weeks (Close friends)" for a followed group's rhythm, "Every 2 weeks" for one's own. */
export function describeEffectiveRhythm(rhythm: Rhythm | null, source: RhythmSource): string {
  const text = describeRhythm(rhythm);
  return rhythm && source ? `${text} (${source.tag})` : text;
}

/**
 * A described rhythm read back ("Every 2 weeks (Close friends)" from an export): the rhythm's
 * text and the group named in brackets, if any.
 */
export function splitRhythmSource(text: string): { rhythm: string; tag: string | null } {
  const match = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(text);
  return match ? { rhythm: match[1]!, tag: match[2]!.trim() } : { rhythm: text, tag: null };
}
