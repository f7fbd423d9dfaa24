// "1 contact", "2 contacts": the count and the word chosen by Intl.PluralRules (English).
const RULES = new Intl.PluralRules("en");

export function formatCount(count: number, forms: { one: string; other: string }): string {
  const word = RULES.select(count) === "one" ? forms.one : forms.other;
  return `${formatWholeNumber(count)} ${word}`;
}

export const CONTACT_FORMS = { one: "contact", other: "contacts" } as const;

export function formatContactCount(count: number): string {
  return formatCount(count, CONTACT_FORMS);
}

/**
 * A whole number with thousands separators, as en-US writes it ("1,000"). Written out rather
 * than `toLocaleString("en-US")`: the first call of that loads the browser's number formatting,
 * tens of milliseconds on a slow phone, while the contact list first renders.
 */
export function formatWholeNumber(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
