// "1 contact", "2 contacts": the count and the word chosen by Intl.PluralRules (English).
const RULES = new Intl.PluralRules("en");

export function formatCount(count: number, forms: { one: string; other: string }): string {
  const word = RULES.select(count) === "one" ? forms.one : forms.other;
  return `${count} ${word}`;
}

export const CONTACT_FORMS = { one: "contact", other: "contacts" } as const;

export function formatContactCount(count: number): string {
  return formatCount(count, CONTACT_FORMS);
}
