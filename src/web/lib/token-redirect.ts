// "/" carrying a verification token (query or hash) goes to /verify-email, keeping token, type
// and email (spec 01 §2). Shared by the app's "/" route and the static landing page's script.
const TOKEN_KEYS = [
  "token_hash",
  "token",
  "confirmation_token",
  "verification_code",
  "access_token",
];

export function readTokenRedirect(search: string, hash: string): string | null {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const source = TOKEN_KEYS.some((k) => query.has(k))
    ? query
    : TOKEN_KEYS.some((k) => fragment.has(k))
      ? fragment
      : null;
  if (!source) return null;
  const kept = new URLSearchParams();
  for (const [key, value] of source) kept.set(key, value);
  return `/verify-email?${kept.toString()}`;
}
