// The installed app's web manifest (vite.config.ts writes it at build time; the server fills in
// APP_NAME when it serves it) and the browser bar's colours, which follow the app's theme.
import { DEFAULT_PRODUCT_NAME } from "./product-name.ts";

/** The page background of each theme (styles.css --background). */
export const THEME_COLORS = { light: "#ffffff", dark: "#0b1120" } as const;

export const APP_MANIFEST_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

export const APP_MANIFEST = {
  id: "/app/contacts",
  name: DEFAULT_PRODUCT_NAME,
  short_name: DEFAULT_PRODUCT_NAME,
  description: "Keep in touch with the people who matter: rhythms, reminders and history.",
  start_url: "/app/contacts",
  scope: "/",
  display: "standalone" as const,
  theme_color: THEME_COLORS.light,
  background_color: THEME_COLORS.light,
  icons: APP_MANIFEST_ICONS,
  shortcuts: [
    { name: "Add contact", url: "/app/contacts/new", icons: [APP_MANIFEST_ICONS[0]!] },
    { name: "Rhythms", url: "/app/rhythms", icons: [APP_MANIFEST_ICONS[0]!] },
  ],
};

/** The built manifest with the product name the server is configured with. */
export function fillManifestName(manifestJson: string, productName: string): string {
  const manifest = JSON.parse(manifestJson) as Record<string, unknown>;
  return JSON.stringify({ ...manifest, name: productName, short_name: productName });
}
