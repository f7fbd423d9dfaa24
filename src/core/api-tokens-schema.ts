// Personal access tokens as /api/tokens validates and documents them.
import { z } from "zod";
import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenCreate,
} from "./api-tokens";

export const ApiTokenCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the token a name, such as the script or assistant that uses it.")
    .max(API_TOKEN_NAME_MAX, `Keep the name to ${API_TOKEN_NAME_MAX} characters.`),
  scope: z.enum(API_TOKEN_SCOPES, { error: 'Choose a scope: "read" or "write".' }),
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
    error: "Choose an expiry of 30, 90 or 365 days, or null for none.",
  }),
}) satisfies z.ZodType<ApiTokenCreate>;

export const ApiTokenCreatedSchema = z.object({
  id: z.string(),
  /** Shown once: only its hash is kept. */
  token: z.string(),
});

export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The token's first characters ("tend_pat_AbC1"), to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
}) satisfies z.ZodType<ApiToken>;

export const ApiTokenListSchema = z.object({ items: z.array(ApiTokenSchema) });
