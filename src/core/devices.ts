// Device passwords for phone sync (CardDAV): what creating one takes and answers, and the list
// Settings → Phone sync shows. A password is shown once; only its hash is kept.
import { z } from "zod";

export const DEVICE_NAME_MAX_CHARS = 60;
/** A person has a handful of phones, tablets and computers; a runaway script does not get more. */
export const DEVICES_MAX = 20;

export const DeviceAccessSchema = z.enum(["read", "read-write"], {
  error: 'Choose "read" or "read-write".',
});
export type DeviceAccess = z.infer<typeof DeviceAccessSchema>;

export const DeviceCreateSchema = z.object({
  name: z
    .string({ error: "Name the device, like “Anna’s iPhone”." })
    .trim()
    .min(1, "Name the device, like “Anna’s iPhone”.")
    .max(DEVICE_NAME_MAX_CHARS, `Keep the name under ${DEVICE_NAME_MAX_CHARS} characters.`),
  access: DeviceAccessSchema.default("read"),
});
export type DeviceCreateInput = z.input<typeof DeviceCreateSchema>;

export const DeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  access: DeviceAccessSchema,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Device = z.infer<typeof DeviceSchema>;

export const DevicesSchema = z.object({
  /** The address a phone is given: the server's /dav/ (phones find the rest themselves). */
  url: z.string(),
  /** The account's email, the user name every device signs in with. */
  username: z.string(),
  devices: z.array(DeviceSchema),
});
export type Devices = z.infer<typeof DevicesSchema>;

export const CreatedDeviceSchema = z.object({
  id: z.string(),
  url: z.string(),
  username: z.string(),
  /** Shown once, never again. */
  password: z.string(),
  device: DeviceSchema,
});
export type CreatedDevice = z.infer<typeof CreatedDeviceSchema>;

export const DEVICE_ACCESS_LABELS: Record<DeviceAccess, string> = {
  read: "Read only",
  "read-write": "Read and write",
};
