// The app's main navigation (spec 02 §2 header). Screens are added here as they ship.
export type NavItem = { label: string; to: string; tour: string };

export const APP_NAV: NavItem[] = [
  { label: "Contacts", to: "/app/contacts", tour: "nav-contacts" },
  { label: "Data", to: "/app/import", tour: "nav-data" },
  { label: "Rhythms", to: "/app/rhythms", tour: "nav-rhythms" },
  { label: "World Map", to: "/app/map", tour: "nav-map" },
];
