import { z } from "zod";

// What the browser may know about the server's configuration (no secrets).
export const PublicConfigSchema = z.object({
  appName: z.string(),
  appUrl: z.string(),
  isGoogleEnabled: z.boolean(),
  billingProvider: z.enum(["local", "stripe", "off"]),
  supportEmail: z.string(),
  trialDays: z.number(),
  planPriceUsd: z.number(),
  hasDevMailbox: z.boolean(),
  mapStyleUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
