// The query key every notification list lives under: the stream and the mutations re-read them
// all through it.
export const NOTIFICATIONS_KEY = ["notifications"] as const;
