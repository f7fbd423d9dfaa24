// What the Standard plan includes (spec 01 §1), shown on /subscribe and the landing page.
export const PLAN_FEATURES = [
  "Up to 1,000 contacts",
  "Custom relationship rhythms",
  "Smart reminders by email, SMS, push, Telegram, WhatsApp, ntfy or webhook",
  "Contact history tracking",
  "World map visualization",
  "Import and export of contacts",
  "Priority support",
] as const;

export const BUSINESS_FEATURES = [
  "Multi-user access",
  "Company-level organization",
  "Opportunity tracking",
  "Pipeline reporting",
  "API access",
] as const;
