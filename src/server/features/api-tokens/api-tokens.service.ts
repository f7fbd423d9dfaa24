// Personal access tokens: made, listed, revoked, and recognised. A token is `tend_pat_` and 32
// random bytes; only its SHA-256 is stored, so a copy of the table signs no one in.
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenScope,
} from "../../../core/api-tokens";
import type { Db } from "../../db/client";
import { apiTokens, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Last use is written at most this often per token: a busy script is not a write per request. */
const LAST_USED_RESOLUTION_MS = 60 * 1000;
/** Shown in the list: the prefix and four characters of the secret. */
const SHOWN_LENGTH = API_TOKEN_PREFIX.length + 4;

type TokenRow = typeof apiTokens.$inferSelect;

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function toApiToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiTokenScope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function createApiToken(
  db: Db,
  options: { userId: string; input: ApiTokenCreate; now: Date },
): Promise<{ id: string; token: string }> {
  const { userId, input, now } = options;
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return db.transaction(async (tx) => {
    // Counted under the user's row lock, so two tabs cannot both make the twentieth.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId));
    if ((held?.n ?? 0) >= API_TOKENS_PER_USER) {
      throw new AppError(
        "LIMIT_REACHED",
        `You have ${API_TOKENS_PER_USER} tokens, the most an account can hold. Revoke one you no longer use to make another.`,
      );
    }
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId,
        name: input.name,
        scope: input.scope,
        tokenHash: hashApiToken(token),
        prefix: token.slice(0, SHOWN_LENGTH),
        createdAt: now,
        expiresAt: input.expiresInDays
          ? new Date(now.getTime() + input.expiresInDays * DAY_MS)
          : null,
      })
      .returning({ id: apiTokens.id });
    return { id: row!.id, token };
  });
}

export async function listApiTokens(db: Db, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function revokeApiToken(db: Db, userId: string, tokenId: string): Promise<void> {
  const deleted = UUID.test(tokenId)
    ? await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, tokenId)))
        .returning({ id: apiTokens.id })
    : [];
  if (deleted.length === 0) {
    throw new AppError("NOT_FOUND", "That token was not found. It may have been revoked already.");
  }
}

/** Every token of the user stops working: they signed out everywhere or changed their password. */
export async function revokeAllApiTokens(db: Db, userId: string): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
}

export type TokenHolder = {
  tokenId: string;
  scope: ApiTokenScope;
  user: { id: string; email: string; name: string; emailVerified: boolean };
};

/** The live token's holder, or null for an unknown, revoked or expired token. */
export async function findTokenHolder(
  db: Db,
  token: string,
  now: Date,
): Promise<TokenHolder | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      scope: apiTokens.scope,
      lastUsedAt: apiTokens.lastUsedAt,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        emailVerified: users.emailVerified,
      },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashApiToken(token)),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    );
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, row.tokenId),
          or(
            isNull(apiTokens.lastUsedAt),
            lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
          ),
        ),
      );
  }
  return { tokenId: row.tokenId, scope: row.scope as ApiTokenScope, user: row.user };
}
