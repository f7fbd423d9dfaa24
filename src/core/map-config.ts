// What GET /api/map/config answers (our get-mapbox-token, spec 02 §7): the vendor style and
// token when one is configured, and the profile location the globe starts at (spec 02 §9).
import { z } from "zod";

export const MapConfigSchema = z.object({
  /** A vendor style URL; `{style}` in it is replaced by light, dark, streets or satellite-streets. */
  styleUrl: z.string().nullable(),
  /** The vendor's public token (spec: the response has a secret or token field). */
  token: z.string().nullable(),
  home: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});
export type MapConfig = z.infer<typeof MapConfigSchema>;
