// Push reminders (Web Push): the subscription a browser hands over, the devices Settings lists,
// and what a push carries to the service worker.
import { z } from "zod";

// A P-256 public key uncompressed is 65 bytes (87 base64url characters); the auth secret 16 (22).
const P256DH_BYTES = 65;
const AUTH_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const ENDPOINT_MAX_CHARS = 2000;

function base64urlBytes(value: string): number {
  const bare = value.replace(/=+$/, "");
  return Math.floor((bare.length * 3) / 4);
}

function keySchema(name: string, bytes: number) {
  return z
    .string({ error: `The subscription's keys.${name} is missing.` })
    .trim()
    .regex(BASE64URL, `The subscription's keys.${name} is not base64url text.`)
    .refine(
      (value) => base64urlBytes(value) === bytes,
      `The subscription's keys.${name} should be ${bytes} bytes long.`,
    );
}

/**
 * The browser's PushSubscription JSON. Push services are https; a plain http endpoint is taken
 * only when the server allows private addresses (a push service on the local network, a test).
 */
export function createPushSubscriptionInputSchema(options: { allowHttp: boolean }) {
  return z.object({
    endpoint: z
      .string({ error: "The subscription has no endpoint." })
      .trim()
      .max(ENDPOINT_MAX_CHARS, "The subscription's endpoint is too long.")
      .refine((value) => URL.canParse(value), "The subscription's endpoint is not a web address.")
      .refine((value) => {
        const protocol = URL.canParse(value) ? new URL(value).protocol : "";
        return protocol === "https:" || (options.allowHttp && protocol === "http:");
      }, "The subscription's endpoint must be an https:// address."),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      { p256dh: keySchema("p256dh", P256DH_BYTES), auth: keySchema("auth", AUTH_BYTES) },
      { error: "The subscription has no keys (keys.p256dh and keys.auth)." },
    ),
  });
}
export type PushSubscriptionInput = z.infer<ReturnType<typeof createPushSubscriptionInputSchema>>;

export const PushDeviceSchema = z.object({
  id: z.string(),
  label: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  failureCount: z.number().int(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

export const PushDevicesSchema = z.object({ devices: z.array(PushDeviceSchema) });
export type PushDevices = z.infer<typeof PushDevicesSchema>;

export const PushConfigSchema = z.object({
  /** The VAPID public key, base64url: the browser's applicationServerKey. */
  publicKey: z.string().nullable(),
  isAvailable: z.boolean(),
  /** The user's choice: in-app notifications also go to their push devices. */
  pushInAppNotifications: z.boolean(),
});
export type PushConfig = z.infer<typeof PushConfigSchema>;

export const PushSettingsInputSchema = z.object({
  pushInAppNotifications: z.boolean({ error: "Say true or false for pushInAppNotifications." }),
});

export const PushUnsubscribeInputSchema = z.object({
  endpoint: z
    .string({ error: "Say which endpoint to remove." })
    .trim()
    .min(1, "Say which endpoint to remove.")
    .max(ENDPOINT_MAX_CHARS, "The endpoint is too long."),
});

export const PUSH_SNOOZE_ACTION = "snooze";
export const PUSH_CONTACTED_ACTION = "contacted";

/** A button under the notification: the service worker POSTs its signed one-tap URL. */
export type PushAction = {
  action: typeof PUSH_CONTACTED_ACTION | typeof PUSH_SNOOZE_ACTION;
  title: string;
  url: string;
};

/** An in-app notification going out as a push (the outbox row's payload). */
export type PushNotice = {
  kind: "notice";
  title: string;
  /** Plain text. */
  text: string;
  /** An in-app path. */
  openUrl: string;
  /** The user_notifications row: a device shows one notification per row. */
  tag: string;
};

/** The decrypted body of a push, as the service worker reads it. */
export type PushPayload = {
  title: string;
  body: string;
  /** Where a tap on the notification opens (same origin). */
  url: string;
  /** Collapses repeats on the device ("digest", a notification id). */
  tag: string;
  actions: PushAction[];
};

// Most specific first: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: Array<[RegExp, string]> = [
  [/EdgA?\//, "Edge"],
  [/OPR\//, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/CriOS\/|Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone|iPod/, "iPhone"],
  [/iPad/, "iPad"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "Mac"],
  [/Linux/, "Linux"],
];

/** "Chrome on Android", "Firefox on Windows", or "A browser" when the User-Agent says nothing. */
export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : "A browser");
}
