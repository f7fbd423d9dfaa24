// Every business constant of the spec, once, with the spec's value (spec 01 §9, spec 02 §9).

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const PLAN_PRICE_USD = 8;
export const PLAN_NAME = "Standard Plan";
export const CONTACT_LIMIT = 1000;
/** A first, last or account name, in characters. */
export const NAME_MAX_LENGTH = 100;

export const SUBSCRIPTION_CACHE_MS = 5 * MINUTE_MS;
export const SUBSCRIPTION_ERROR_CACHE_MS = 30 * SECOND_MS;
export const SUBSCRIPTION_GRACE_CACHE_MS = 2.5 * MINUTE_MS;
export const STATUS_READ_ATTEMPTS = 3;
export const STATUS_READ_BACKOFF_MS = SECOND_MS;
export const GRACE_PERIOD_MS = 24 * HOUR_MS;

export const VERIFY_ATTEMPTS = 3;
export const VERIFY_ATTEMPT_DELAY_MS = SECOND_MS;
export const FALLBACK_SESSION_POLLS = 6;
export const FALLBACK_SESSION_POLL_MS = 500;
export const VERIFY_REDIRECT_DELAY_MS = 500;

export const PAYMENT_POLL_ATTEMPTS = 15;
export const PAYMENT_POLL_INTERVAL_MS = 2 * SECOND_MS;
export const PAYMENT_LINK_WAIT_MS = SECOND_MS;

export const ONBOARDING_STEPS = 3;
export const ONBOARDING_SUBSCRIPTION_CHECKS = 5;
export const ONBOARDING_SUBSCRIPTION_BACKOFF_MS = SECOND_MS;

export const PASSWORD_MIN_LENGTH = 6;

export const REMINDER_METHODS = ["email", "text"] as const;
export const REMINDER_CADENCES = ["days", "weeks", "as_needed"] as const;
export const DEFAULT_REMINDER_FREQUENCY = 1;
export const DEFAULT_REMINDER_CADENCE = "days";
export const DEFAULT_REMINDER_HOUR = 9;
/** DEFAULT_REMINDER_HOUR as the settings store it: "09:00:00". */
export const DEFAULT_REMINDER_TIME = `${String(DEFAULT_REMINDER_HOUR).padStart(2, "0")}:00:00`;
export const DEFAULT_REMINDER_METHOD = "email";
export const DEFAULT_TIMEZONE = "UTC";

export const WAITLIST_THANKS_MS = 3 * SECOND_MS;
export const WAITLIST_SOURCE = "web_landing";
export const MOBILE_BREAKPOINT_PX = 768;
export const LOCAL_LOG_LIMIT = 50;

export const TOAST_LIMIT = 1;
/** The longest a dismissed toast stays on the page (sonner removes it once it has closed). */
export const TOAST_REMOVE_DELAY_MS = 3 * SECOND_MS;

export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const NOTIFICATION_BADGE_MAX = 9;
export const NOTIFICATION_LIST_MAX_HEIGHT_PX = 400;

export const GEOCODER_MIN_CHARS = 3;
export const GEOCODER_DEBOUNCE_MS = 200;
export const GEOCODER_LIMIT = 5;
/** The most suggestions one geocode request may ask for (the component asks for GEOCODER_LIMIT). */
export const GEOCODER_MAX_LIMIT = 10;
/** A vendor geocoder that has not answered by then is dropped for the offline gazetteer. */
export const GEOCODER_VENDOR_TIMEOUT_MS = 3 * SECOND_MS;
export const STATIC_MAP_MIN_ZOOM = 1;
export const STATIC_MAP_MAX_ZOOM = 20;
export const STATIC_MAP_DEFAULT_ZOOM = 12;
export const STATIC_MAP_DEFAULT_WIDTH = 400;
export const STATIC_MAP_DEFAULT_HEIGHT = 200;

export const GATING_SUBSCRIPTION_WAIT_MS = 2 * SECOND_MS;
export const REDIRECT_FLAG_RESET_MS = 100;
export const APP_RENDER_TIMEOUT_MS = 2 * SECOND_MS;
export const OAUTH_TIMEOUT_MS = 15 * SECOND_MS;
export const OAUTH_REDIRECT_DELAY_MS = 500;
export const SSO_SESSION_POLLS = 4;
export const SSO_SESSION_POLL_MS = 300;
export const SSO_SIGN_IN_WAIT_MS = 5 * SECOND_MS;

export const QUERY_RETRY = 2;
export const QUERY_STALE_TIME_MS = 30 * SECOND_MS;
export const MUTATION_RETRY = 1;

export const AVATAR_SIZES = [32, 64, 128] as const;
export const DEFAULT_DICEBEAR_STYLE = "avataaars";
/** The DiceBear styles /api/avatars/{style}.svg renders, in the order the avatar dialog offers. */
export const DICEBEAR_STYLES = [
  "avataaars",
  "bottts",
  "initials",
  "lorelei",
  "micah",
  "notionists",
  "fun-emoji",
  "shapes",
  "thumbs",
] as const;
/** The side of a stored custom avatar: the largest size shown (128) at 2× for sharp screens. */
export const AVATAR_STORED_SIDE = 256;

export const TOUR_VERSION = "1";
export const TOUR_TOAST_MS = 5 * SECOND_MS;

export const LAZY_IMPORT_RETRIES = 3;
export const LAZY_IMPORT_DELAY_MS = SECOND_MS;
export const LAZY_IMPORT_BACKOFF = 1.5;
export const UPDATE_BANNER_AUTO_DISMISS_MS = 30 * SECOND_MS;
/** The error boundary's retries of a failed load, before it reloads the page once (spec 02 §8). */
export const ERROR_BOUNDARY_RETRY_DELAYS_MS = [SECOND_MS, 2 * SECOND_MS] as const;
/** How long a reload for a stale chunk counts as "already reloaded once". */
export const CHUNK_RELOAD_MEMORY_MS = MINUTE_MS;
/** How long the device's copy of a user's reads may be opened from (decision 0282). */
export const PERSISTED_CACHE_MAX_AGE_MS = 14 * DAY_MS;

export const DEFAULT_TRIAL_DAYS = 14;

// World map (spec 02 §9).
export const MAP_MIN_ZOOM = 0;
export const MAP_MAX_ZOOM = 18;
export const MAP_ZOOM_PROFILE = 2;
export const MAP_ZOOM_TIME_ZONE = 3;
export const MAP_ZOOM_COUNTRY = 4;
/** Below 12 the light or dark base; 12 to below 14 streets; 14 and above satellite-streets. */
export const MAP_STREETS_ZOOM = 12;
export const MAP_SATELLITE_ZOOM = 14;
export const MAP_TILE_CACHE = { base: 500, streets: 750, satellite: 1000 } as const;
export const MAP_SECONDS_PER_REVOLUTION = 120;
export const MAP_MAX_SPIN_ZOOM = 5;
export const MAP_SLOW_SPIN_ZOOM = 3;
/** Travel mode's radius (ours). */
export const TRAVEL_RADIUS_MIN_KM = 25;
export const TRAVEL_RADIUS_MAX_KM = 500;
export const TRAVEL_RADIUS_DEFAULT_KM = 100;
/** People of one household this close to its first placed member share its marker (ours). */
export const HOUSEHOLD_PLACE_KM = 10;

/** How long a one-tap change (log, snooze, archive, bulk rhythm) can be undone. */
export const UNDO_WINDOW_MS = HOUR_MS;
/** The toast that offers "Undo" stays this long. */
export const UNDO_TOAST_MS = 10 * SECOND_MS;
/** A second "Log contact" for the same person this soon is the same conversation, not a new one. */
export const LOG_REPEAT_WINDOW_MS = 2 * MINUTE_MS;

/** A good time to reach out, in the person's own zone: from 09:00 to before 21:00 (issue 51). */
export const REACH_OUT_HOURS = { start: 9, end: 21 } as const;
/** Night in the person's own zone: from 22:00 to before 07:00 (decision 307). */
export const NIGHT_HOURS = { start: 22, end: 7 } as const;
