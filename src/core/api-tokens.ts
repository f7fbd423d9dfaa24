// Personal access tokens: the rules the server and Settings → "API tokens" share. No zod here,
// so the card loads without it (the request and answer schemas: api-tokens-schema.ts).

export const API_TOKEN_PREFIX = "tend_pat_";
export const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: "Read",
  write: "Read and write",
};
/** Days a token lives; null: until it is revoked. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365, null] as const;
export const API_TOKEN_NAME_MAX = 60;
/** Enough for every script and assistant a person runs; each one is a credential to look after. */
export const API_TOKENS_PER_USER = 20;

export type ApiTokenCreate = {
  name: string;
  scope: ApiTokenScope;
  expiresInDays: (typeof API_TOKEN_EXPIRY_DAYS)[number];
};

export type ApiToken = {
  id: string;
  name: string;
  scope: ApiTokenScope;
  /** The token's first characters ("tend_pat_AbC1"), to tell tokens apart. */
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
};
