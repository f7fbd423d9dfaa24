// Merging an imported contact into one the user already has. Additive only: nothing the user
// typed is overwritten; empty fields are filled, lists are joined, new notes are appended.
import { CONTACT_LIMITS, cleanTags, type ContactInput } from "../contacts";

type Labelled = { label?: string; value: string };

function joinValues(base: Labelled[], extra: Labelled[], same: (a: string, b: string) => boolean) {
  const out = [...base];
  for (const e of extra) {
    if (!out.some((o) => same(o.value, e.value))) out.push(e);
  }
  return out.slice(0, CONTACT_LIMITS.values);
}

function joinNotes(base: string | null, extra: string | null): string | null {
  if (!extra) return base;
  if (!base) return extra;
  if (base.includes(extra)) return base;
  return `${base}\n\n${extra}`.slice(0, CONTACT_LIMITS.notes);
}

const digitsOf = (v: string) => v.replace(/\D/g, "");

export function mergeContact(base: ContactInput, incoming: ContactInput): ContactInput {
  const hasPlace = base.city || base.region || base.country || base.latitude !== null;
  return {
    firstName: base.firstName ?? incoming.firstName,
    lastName: base.lastName ?? incoming.lastName,
    emails: joinValues(base.emails, incoming.emails, (a, b) => a.toLowerCase() === b.toLowerCase()),
    phones: joinValues(base.phones, incoming.phones, (a, b) => digitsOf(a) === digitsOf(b)),
    company: base.company ?? incoming.company,
    jobTitle: base.jobTitle ?? incoming.jobTitle,
    notes: joinNotes(base.notes, incoming.notes),
    preferredMethod: base.preferredMethod ?? incoming.preferredMethod,
    telegramUsername: base.telegramUsername ?? incoming.telegramUsername,
    // A place is taken whole, so a city never ends up paired with another contact's country.
    city: hasPlace ? base.city : incoming.city,
    region: hasPlace ? base.region : incoming.region,
    country: hasPlace ? base.country : incoming.country,
    countryCode: base.countryCode ?? (hasPlace ? null : incoming.countryCode),
    latitude: hasPlace ? base.latitude : incoming.latitude,
    longitude: hasPlace ? base.longitude : incoming.longitude,
    birthday: base.birthday ?? incoming.birthday,
    tags: cleanTags([...base.tags, ...incoming.tags]).slice(0, CONTACT_LIMITS.tags),
    rhythm: base.rhythm ?? incoming.rhythm,
  };
}

/** True when merging would change nothing (the import row adds no information). */
export function isSameContact(a: ContactInput, b: ContactInput): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof ContactInput)[]);
  return [...keys].every((k) => JSON.stringify(a[k] ?? null) === JSON.stringify(b[k] ?? null));
}
