// What /api/v1 takes and answers, with the examples its OpenAPI document shows. The contact and
// interaction shapes are the app's own (core/contacts.ts, core/interactions.ts), and so are the
// webhooks' (core/webhooks-schema.ts).
import { z } from "zod";
import { ApiErrorSchema } from "../../../core/api-error";
import { ContactPatchSchema, ContactSchema, type Contact } from "../../../core/contacts";
import { HouseholdSchema } from "../../../core/households";
import { ContactRelationSchema } from "../../../core/relationships";
import { InteractionSchema, type Interaction } from "../../../core/interactions";
import { DUE_STATES } from "../../../core/rhythm";
import type { WebhookDelivery } from "../../../core/webhooks";
import {
  WebhookCreateSchema,
  WebhookCreatedSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
} from "../../../core/webhooks-schema";

export const V1_PAGE_MAX = 100;

export const EXAMPLE_CONTACT = {
  id: "0b6f1c9e-5a51-4d8e-9a4f-2f1f3f9d8c11",
  firstName: "Grace",
  lastName: "Hopper",
  namePrefix: null,
  nameSuffix: null,
  nickname: null,
  emails: [{ label: "home", value: "grace@example.com" }],
  phones: [{ label: "mobile", value: "+44 7700 900123" }],
  websites: [],
  company: "Navy Research Lab",
  jobTitle: null,
  notes: "Met at the compiler meetup.",
  preferredMethod: "phone",
  telegramUsername: null,
  city: "London",
  region: null,
  country: "United Kingdom",
  countryCode: "GB",
  latitude: 51.5072,
  longitude: -0.1276,
  timeZone: "Europe/London",
  addresses: [],
  birthday: { day: 9, month: 12, year: null },
  tags: ["friends"],
  rhythm: { interval: 1, unit: "month" },
  rhythmSource: null,
  isTimeZoneSetByHand: false,
  rhythmSetAt: "2026-09-01T09:00:00.000Z",
  lastContactedAt: "2026-10-28T18:30:00.000Z",
  nextDueAt: "2026-11-28T00:00:00.000Z",
  dueDate: "2026-11-28",
  daysUntilDue: -5,
  state: "overdue",
  isSnoozed: false,
  archivedAt: null,
  importId: null,
  photoUrl: null,
  createdAt: "2026-09-01T09:00:00.000Z",
  updatedAt: "2026-10-28T18:30:00.000Z",
} satisfies Contact;

export const EXAMPLE_INTERACTION = {
  id: "5d0c3e8a-7b6f-4f0e-8a57-3a5f0e8b9c22",
  contactId: EXAMPLE_CONTACT.id,
  occurredAt: "2026-12-02T18:30:00.000Z",
  channel: "phone",
  note: "Caught up about her new job.",
  isDateOnly: false,
  replyId: null,
  createdAt: "2026-12-02T18:31:00.000Z",
} satisfies Interaction;

export const V1ContactSchema = ContactSchema.meta({ examples: [EXAMPLE_CONTACT] });

/** One contact read alone: with its relationships (from its side) and its household, or null. */
export const V1ContactDetailSchema = ContactSchema.extend({
  relationships: z.array(ContactRelationSchema),
  household: HouseholdSchema.nullable(),
}).meta({
  examples: [
    {
      ...EXAMPLE_CONTACT,
      relationships: [
        {
          type: "partner",
          contactId: "7a2d4e1b-3c5f-4a6b-8d9e-0f1a2b3c4d5e",
          name: "Jo Hopper",
          isArchived: false,
        },
      ],
      household: {
        id: "4c8e2a6f-1b3d-4e5f-9a7b-6c5d4e3f2a1b",
        name: "The Hoppers",
        members: [
          { id: EXAMPLE_CONTACT.id, name: "Grace Hopper" },
          { id: "7a2d4e1b-3c5f-4a6b-8d9e-0f1a2b3c4d5e", name: "Jo Hopper" },
        ],
      },
    },
  ],
});

export const V1ErrorSchema = ApiErrorSchema.meta({
  examples: [
    {
      error: {
        code: "NOT_FOUND",
        message: "That contact was not found. It may have been deleted.",
      },
    },
  ],
});

/** Every refusal a token route may give, declared once. */
export const V1_ERRORS = {
  400: V1ErrorSchema,
  401: V1ErrorSchema,
  402: V1ErrorSchema,
  403: V1ErrorSchema,
  404: V1ErrorSchema,
  409: V1ErrorSchema,
  412: V1ErrorSchema,
  422: V1ErrorSchema,
  429: V1ErrorSchema,
} as const;

export const V1ContactParamsSchema = z.object({
  id: z.string().max(100).meta({ description: "The contact's id", example: EXAMPLE_CONTACT.id }),
});

export const V1InteractionParamsSchema = V1ContactParamsSchema.extend({
  interactionId: z.string().max(100).meta({ description: "The history entry's id" }),
});

const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");

export const V1ContactListQuerySchema = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: "The `nextCursor` of the page before; leave out for the first page." }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(V1_PAGE_MAX)
    .default(50)
    .meta({ description: `Contacts per page, 1 to ${V1_PAGE_MAX}.` }),
  state: z
    .enum(DUE_STATES)
    .optional()
    .meta({ description: "Only contacts in this due state, as of today in your time zone." }),
  tag: z
    .string()
    .max(50)
    .optional()
    .meta({ description: "Only contacts with this tag (any case)." }),
  updatedSince: z.iso
    .datetime({
      offset: true,
      error: "updatedSince must be a date and time such as 2026-12-01T00:00:00Z",
    })
    .optional()
    .meta({ description: "Only contacts changed at or after this time." }),
  q: z
    .string()
    .max(200)
    .optional()
    .meta({ description: "Words to find in names, emails, phones, company, notes or tags." }),
  archived: flag.meta({ description: "true: archived contacts only; otherwise none of them." }),
});

export const V1ContactPageSchema = z
  .object({
    items: z.array(ContactSchema),
    /** Null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ examples: [{ items: [EXAMPLE_CONTACT], nextCursor: null }] });

export const V1DueQuerySchema = z.object({
  withinDays: z.coerce.number().int().min(0).max(365).optional().meta({
    description:
      "Also contacts due within this many days. Without it: the overdue and those due soon.",
  }),
});

export const V1DueSchema = z
  .object({
    /** Today in the user's time zone (YYYY-MM-DD). */
    today: z.string(),
    timeZone: z.string(),
    items: z.array(ContactSchema),
  })
  .meta({
    examples: [{ today: "2026-12-03", timeZone: "Europe/London", items: [EXAMPLE_CONTACT] }],
  });

export const V1ContactPatchSchema = ContactPatchSchema.omit({ expectedUpdatedAt: true });

export const V1InteractionListSchema = z
  .object({ items: z.array(InteractionSchema) })
  .meta({ examples: [{ items: [EXAMPLE_INTERACTION] }] });

export const V1LoggedSchema = z
  .object({ interaction: InteractionSchema, contact: ContactSchema })
  .meta({ examples: [{ interaction: EXAMPLE_INTERACTION, contact: EXAMPLE_CONTACT }] });

export const V1TagsSchema = z
  .object({ tags: z.array(z.object({ tag: z.string(), count: z.number() })) })
  .meta({ examples: [{ tags: [{ tag: "friends", count: 12 }] }] });

const EXAMPLE_WEBHOOK_ID = "3c9d2e71-0a4b-4f6e-8b1d-7e5a9c2f4b13";

export const V1WebhookParamsSchema = z.object({
  id: z.string().max(100).meta({ description: "The webhook's id", example: EXAMPLE_WEBHOOK_ID }),
});

export const V1WebhookDeliveryParamsSchema = V1WebhookParamsSchema.extend({
  deliveryId: z.string().max(100).meta({ description: "The delivery's id (its event id)" }),
});

export const V1WebhookCreateSchema = WebhookCreateSchema.meta({
  examples: [
    {
      url: "https://n8n.example.com/webhook/tend",
      events: ["contact.created", "interaction.logged"],
    },
  ],
});

export const V1WebhookCreatedSchema = WebhookCreatedSchema.meta({
  examples: [
    { id: EXAMPLE_WEBHOOK_ID, secret: "whsec_Zk3v0bq1mXr8cJt2yQe6uWn9sHa4dLf7gPo5iKz1VcE" },
  ],
});

export const V1WebhookListSchema = WebhookListSchema.meta({
  examples: [
    {
      items: [
        {
          id: EXAMPLE_WEBHOOK_ID,
          url: "https://n8n.example.com/webhook/tend",
          events: ["contact.created", "interaction.logged"],
          createdAt: "2026-12-01T09:00:00.000Z",
        },
      ],
    },
  ],
});

const EXAMPLE_WEBHOOK_DELIVERY = {
  id: "8a1f4c3d-2b6e-4d9a-9c7f-1e3b5d7f9a24",
  event: "interaction.logged",
  status: "sent",
  responseStatus: 200,
  attempts: 1,
  lastError: null,
  createdAt: "2026-12-02T18:31:00.000Z",
  lastAttemptAt: "2026-12-02T18:31:01.000Z",
} satisfies WebhookDelivery;

export const V1WebhookDeliveryListSchema = WebhookDeliveryListSchema.meta({
  examples: [{ items: [EXAMPLE_WEBHOOK_DELIVERY] }],
});

export const V1WebhookDeliverySchema = WebhookDeliverySchema.meta({
  examples: [{ ...EXAMPLE_WEBHOOK_DELIVERY, status: "pending", lastError: null }],
});
