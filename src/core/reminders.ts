// The reminders API contract: the delivery log, the channel state Settings shows,
// and the private calendar feed's address.
import { z } from "zod";
import { CHAT_CHANNEL_KINDS } from "./chat-channels";

export const DELIVERY_STATUSES = ["queued", "sent", "failed", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_LOG_SIZE = 50;

export const DeliverySchema = z.object({
  id: z.string(),
  scheduledFor: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** email or sms (the channel the user chose), a push device, or a chat channel they connected. */
  channel: z.enum(["email", "sms", "push", ...CHAT_CHANNEL_KINDS]),
  status: z.enum(DELIVERY_STATUSES),
  /** Why it was skipped, failed, is being retried or went by another channel, in plain words. */
  reason: z.string().nullable(),
  contactCount: z.number(),
  attempts: z.number(),
  isTest: z.boolean(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryLogSchema = z.object({ deliveries: z.array(DeliverySchema) });
export type DeliveryLog = z.infer<typeof DeliveryLogSchema>;

export const ReminderChannelsSchema = z.object({
  emailRemindersEnabled: z.boolean(),
  /** Set while mail to this address is paused after a hard bounce. */
  emailBouncedAddress: z.string().nullable(),
  smsSuspendedAt: z.string().nullable(),
  /** The private iCalendar URL, or null until the user creates one. */
  calendarUrl: z.string().nullable(),
});
export type ReminderChannels = z.infer<typeof ReminderChannelsSchema>;

export const TestReminderResultSchema = z.object({ delivery: DeliverySchema });

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
  skipped: "Skipped",
};
