// The route inventory's classification, shared by the sweeps and the fuzz.
// Every route the app registers must be in exactly one of these; the sweeps fail otherwise.

/** Needs no session: public pages and data, sign-in itself, or a token of its own. */
export const PUBLIC = new Set([
  "GET /healthz",
  "GET /readyz",
  // Its own bearer token (METRICS_TOKEN); 404 when unset.
  "GET /metrics",
  "GET /api/config",
  "GET /api/docs",
  "GET /api/docs/openapi.json",
  // The token API's own document and its rendering: the API it describes is public.
  "GET /api/v1/openapi.json",
  "GET /api/v1/docs",
  "GET /api/avatars/:style.svg",
  "POST /api/leads",
  "POST /api/verify-email",
  "POST /api/auth-events",
  "GET /api/auth/*",
  "POST /api/auth/*",
  "POST /api/billing/checkout",
  // The checkout session id is the secret (pay-first recovery).
  "GET /api/billing/checkout/:sessionId",
  "POST /api/billing/webhook",
  // Twilio's incoming texts: its own signature (X-Twilio-Signature) is the credential.
  "POST /api/inbound/sms/twilio",
  // Mailgun's inbound posts: its signature (HMAC of timestamp and token) is the credential.
  "POST /api/inbound/email/mailgun",
  "POST /api/inbound/email/mailgun/mime",
  // Meta's WhatsApp webhook: the verify token (GET) and X-Hub-Signature-256 (POST).
  "GET /api/inbound/whatsapp",
  "POST /api/inbound/whatsapp",
  // Telegram's webhook: its secret-token header is the credential; 404 unless in webhook mode.
  "POST /api/inbound/telegram",
  // A signed token in the path is the credential (one-tap links, unsubscribe, calendar feed).
  "GET /r/:token",
  "POST /r/:token",
  "GET /unsubscribe/:token",
  "POST /unsubscribe/:token",
  "GET /calendar/:file",
  "GET /reply-undo/:token",
  // Phone sync (CardDAV): HTTP Basic with a device password, never a session.
  "GET /dav",
  "PUT /dav",
  "DELETE /dav",
  "OPTIONS /dav",
  "POST /dav",
  "PROPFIND /dav",
  "PROPPATCH /dav",
  "REPORT /dav",
  "MKCOL /dav",
  "COPY /dav",
  "MOVE /dav",
  "LOCK /dav",
  "UNLOCK /dav",
  "GET /dav/*",
  "PUT /dav/*",
  "DELETE /dav/*",
  "OPTIONS /dav/*",
  "POST /dav/*",
  "PROPFIND /dav/*",
  "PROPPATCH /dav/*",
  "REPORT /dav/*",
  "MKCOL /dav/*",
  "COPY /dav/*",
  "MOVE /dav/*",
  "LOCK /dav/*",
  "UNLOCK /dav/*",
  "GET /.well-known/carddav",
  "PROPFIND /.well-known/carddav",
  "OPTIONS /.well-known/carddav",
  "POST /reply-undo/:token",
  // Development only (loopback, never in production) and test-only routes.
  "GET /api/dev/mailbox",
  "GET /dev/mailbox",
  "GET /dev/mailbox/:id",
  "POST /api/test/clock",
  "POST /api/test/notifications",
  "POST /api/test/users",
  "POST /api/test/google-only",
]);

/** Needs a signed-in user: everything else under /api. */
export const SIGNED_IN = new Set([
  "GET /api/me",
  "PATCH /api/me",
  "DELETE /api/account",
  "GET /api/profile",
  "PATCH /api/profile",
  "POST /api/profile/avatar/upload",
  "PUT /api/profile/avatar",
  "GET /api/billing/status",
  "GET /api/billing/payments",
  "POST /api/billing/link",
  "POST /api/billing/onboarding-subscription",
  "POST /api/billing/portal",
  "POST /api/billing/subscription/cancel",
  "POST /api/billing/subscription/resume",
  "GET /api/devices",
  "POST /api/devices",
  "DELETE /api/devices/:id",
  "GET /api/onboarding",
  "POST /api/onboarding/complete",
  "GET /api/contacts",
  "POST /api/contacts",
  "GET /api/contacts/tags",
  "POST /api/contacts/bulk/rhythm",
  "PUT /api/tags/:name",
  "POST /api/contacts/undo/:undoId",
  "GET /api/contacts/duplicates",
  "POST /api/contacts/merge",
  "POST /api/contacts/merge/bulk",
  "GET /api/contacts/:id",
  "PATCH /api/contacts/:id",
  "DELETE /api/contacts/:id",
  "POST /api/contacts/:id/archive",
  "POST /api/contacts/:id/unarchive",
  "POST /api/contacts/:id/snooze",
  "DELETE /api/contacts/:id/snooze",
  "POST /api/contacts/:id/photo",
  "DELETE /api/contacts/:id/photo",
  "GET /api/contacts/:id/interactions",
  "POST /api/contacts/:id/interactions",
  "PATCH /api/contacts/:id/interactions/:interactionId",
  "DELETE /api/contacts/:id/interactions/:interactionId",
  "GET /api/contacts/:id/relationships",
  "POST /api/contacts/:id/relationships",
  "DELETE /api/contacts/:id/relationships/:relId",
  "GET /api/households",
  "POST /api/households",
  "PATCH /api/households/:id",
  "DELETE /api/households/:id",
  "GET /api/webhooks",
  "POST /api/webhooks",
  "DELETE /api/webhooks/:id",
  "GET /api/webhooks/:id/deliveries",
  "POST /api/webhooks/:id/deliveries/:deliveryId/resend",
  "GET /api/imports",
  "POST /api/imports",
  "POST /api/imports/preview",
  "POST /api/imports/left-over",
  "POST /api/imports/:id/undo",
  "GET /api/exports/account.json",
  "GET /api/exports/contacts.csv",
  "GET /api/exports/contacts.vcf",
  "GET /api/notifications",
  "GET /api/notifications/stream",
  "GET /api/geocode",
  "GET /api/geocode/country",
  "GET /api/map/static.svg",
  "GET /api/map/config",
  "GET /api/files/:bucket/*",
  "POST /api/feedback",
  "POST /api/notifications/:id/seen",
  "POST /api/notifications/mark-all-seen",
  "GET /api/settings/reminders",
  "PATCH /api/settings/reminders",
  "GET /api/reminders/channels",
  "GET /api/reminders/deliveries",
  "POST /api/reminders/test",
  "POST /api/reminders/calendar",
  "POST /api/reminders/email/resume",
  "GET /api/reminders/chat-channels",
  "DELETE /api/reminders/chat-channels/:kind",
  "POST /api/reminders/chat-channels/:kind/test",
  "PUT /api/reminders/chat-channels/ntfy",
  "PUT /api/reminders/chat-channels/webhook",
  "POST /api/reminders/chat-channels/whatsapp",
  "POST /api/reminders/chat-channels/telegram",
  "GET /api/push/config",
  "PATCH /api/push/settings",
  "GET /api/push/subscriptions",
  "POST /api/push/subscriptions",
  "DELETE /api/push/subscriptions",
  "DELETE /api/push/subscriptions/:id",
  "GET /api/replies",
  "GET /api/replies/pending-count",
  "POST /api/replies/actions/:id/accept",
  "POST /api/replies/actions/:id/dismiss",
  "POST /api/replies/actions/:id/undo",
  "GET /api/settings/inbound",
  "POST /api/settings/inbound/forwarding-address",
  "GET /api/tokens",
  "POST /api/tokens",
  "DELETE /api/tokens/:id",
]);

/** Needs a personal access token (never the session cookie): the stable API for scripts. */
export const TOKEN = new Set([
  "GET /api/v1/contacts",
  "POST /api/v1/contacts",
  "GET /api/v1/contacts/due",
  "GET /api/v1/tags",
  "GET /api/v1/contacts/:id",
  "PATCH /api/v1/contacts/:id",
  "POST /api/v1/contacts/:id/archive",
  "POST /api/v1/contacts/:id/restore",
  "POST /api/v1/contacts/:id/snooze",
  "GET /api/v1/contacts/:id/interactions",
  "POST /api/v1/contacts/:id/interactions",
  "DELETE /api/v1/contacts/:id/interactions/:interactionId",
  "GET /api/v1/groups",
  "PUT /api/v1/groups/:name",
  "GET /api/v1/reminders/schedule",
  "PUT /api/v1/reminders/schedule",
  "GET /api/v1/reminders/deliveries",
  "GET /api/v1/export",
  // The MCP server: POST carries the protocol; GET and DELETE answer 405 (stateless).
  "POST /mcp",
  "GET /mcp",
  "DELETE /mcp",
]);

export const MUTATING = /^(POST|PUT|PATCH|DELETE) /;
export const SOME_ID = "7d4e4a52-4a8e-4b7e-9d38-2f4bb0a0c001";

export function concrete(route: string): { method: string; url: string } {
  const [method, path] = route.split(" ") as [string, string];
  const url = path
    .replace(":style.svg", "avataaars.svg")
    .replace(":bucket", "avatars")
    .replace(/:[A-Za-z]+/g, SOME_ID)
    .replace("*", "get-session");
  return { method, url };
}

/** Long-lived answers (Server-Sent Events): swept for 401 and 403, fuzzed by their own tests. */
export const STREAMING = new Set(["GET /api/notifications/stream"]);

/**
 * Signed-in routes that answer 404 rather than 401 without a session, on purpose: a stored file
 * is served only to its owner, and nobody else learns whether it exists.
 */
export const HIDDEN_WITHOUT_SESSION = new Set(["GET /api/files/:bucket/*"]);
