// The most a contact may hold: lengths of its texts and counts of its lists.
export const CONTACT_LIMITS = {
  name: 100,
  company: 200,
  jobTitle: 200,
  notes: 10_000,
  place: 100,
  street: 200,
  addresses: 5,
  label: 40,
  email: 254,
  phone: 40,
  website: 500,
  values: 10,
  tags: 30,
  tag: 50,
} as const;
