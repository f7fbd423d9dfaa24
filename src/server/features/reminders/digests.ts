// Builds reminder digests for a batch of users with a handful of queries (not a handful per
// user: a scheduler run may cover thousands), and writes each occurrence's delivery, outbox
// message and REMINDER notification in the caller's transaction.
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { birthdaysWithin } from "../../../core/birthdays";
import type { ContactMethod } from "../../../core/contact-fields";
import { contactDisplayName, preferredChannelLink } from "../../../core/contacts";
import { localTimeOf } from "../../../core/local-time";
import type { ChatChannelKind } from "../../../core/chat-channels";
import { PHONE_COUNTRY_CODE, type ReminderCadence } from "../../../core/onboarding";
import {
  addDays,
  isValidTimeZone,
  startOfLocalDate,
  toLocalDate,
  type LocalDate,
} from "../../../core/rhythm";
import type { Db, Tx } from "../../db/client";
import type { LabelledValue } from "../../db/schema/contacts";
import {
  contacts,
  interactions,
  profiles,
  reminderDeliveries,
  userSettings,
  users,
} from "../../db/schema/index";
import type { Env } from "../../env";
import { notifyUsers } from "../notifications/notifications.public";
import { chatRow, enqueue, mailRow, pushRow, smsRow } from "../outbox/outbox.public";
import { listPushTargets } from "../push/push.public";
import {
  DIGEST_CAP,
  dueTotal,
  renderDigestChat,
  renderDigestHtml,
  renderDigestNotification,
  renderDigestSms,
  renderDigestText,
  digestSubject,
  SMS_NAMES,
  type Digest,
  type DigestBirthday,
  type DigestContact,
} from "./digest-content";
import { groupHouseholds } from "../../../core/household-digest";
import { listMemberships } from "../contacts/contacts.public";
import { createOneTapToken, ONE_TAP_TTL_MS, UNSUBSCRIBE_TTL_MS } from "./one-tap-tokens";
import { digestReplyAddress, isSmsReplyEnabled } from "../replies/replies.public";
import { listActiveChatChannels, type ActiveChatChannel } from "../channels/channels.public";
import { dateTimeFormat } from "../../../core/date-format";

type Executor = Db | Tx;

export const BIRTHDAY_LOOKAHEAD_DAYS = 7;

export type Recipient = {
  userId: string;
  email: string;
  /** A verified +1 number, the only kind text reminders go to. */
  textablePhone: string | null;
  hasPhone: boolean;
  firstName: string | null;
  timeZone: string;
  emailRemindersEnabled: boolean;
  emailBouncedAddress: string | null;
  smsSuspendedAt: Date | null;
};

export async function loadRecipients(
  db: Executor,
  userIds: string[],
): Promise<Map<string, Recipient>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      phoneNumber: users.phoneNumber,
      phoneNumberVerified: users.phoneNumberVerified,
      firstName: profiles.firstName,
      timeZone: userSettings.timezone,
      emailRemindersEnabled: userSettings.emailRemindersEnabled,
      emailBouncedAddress: userSettings.emailBouncedAddress,
      smsSuspendedAt: userSettings.smsSuspendedAt,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, userIds));
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        userId: r.userId,
        email: r.email,
        hasPhone: Boolean(r.phoneNumber),
        textablePhone:
          r.phoneNumber && r.phoneNumberVerified && r.phoneNumber.startsWith(PHONE_COUNTRY_CODE)
            ? r.phoneNumber
            : null,
        firstName: r.firstName?.trim() || null,
        timeZone: r.timeZone && isValidTimeZone(r.timeZone) ? r.timeZone : "UTC",
        emailRemindersEnabled: r.emailRemindersEnabled ?? true,
        emailBouncedAddress: r.emailBouncedAddress ?? null,
        smsSuspendedAt: r.smsSuspendedAt ?? null,
      },
    ]),
  );
}

type DueRow = {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  emails: LabelledValue[];
  phones: LabelledValue[];
  preferred_method: string | null;
  telegram_username: string | null;
  next_due_at: string | Date;
  last_contacted_at: string | Date | null;
  time_zone: string | null;
  is_time_zone_set_by_hand: boolean;
  latitude: number | null;
  longitude: number | null;
  total: number;
};

/** Their clock ("03:10") when it is night where they are as the digest goes out, else null. */
function nightClockOf(
  person: {
    timeZone: string | null;
    isTimeZoneSetByHand: boolean;
    latitude: number | null;
    longitude: number | null;
  },
  now: Date,
): string | null {
  const local = localTimeOf(person, now);
  if (local?.partOfDay !== "night") return null;
  return dateTimeFormat("en-GB", {
    timeZone: local.timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(now);
}

/** What a digest says, before links are signed for a particular delivery. */
export type DigestData = {
  today: LocalDate;
  due: Omit<DigestContact, "markContactedUrl" | "snoozeUrl">[];
  moreCount: number;
  birthdays: DigestBirthday[];
};

export async function loadDigestData(
  db: Executor,
  recipients: Recipient[],
  now: Date,
): Promise<Map<string, DigestData>> {
  const result = new Map<string, DigestData>();
  if (recipients.length === 0) return result;
  const todayOf = new Map(recipients.map((r) => [r.userId, toLocalDate(now, r.timeZone)]));
  const userIds = recipients.map((r) => r.userId);
  // Due = the due day is today or earlier in the user's zone: before tomorrow starts there.
  const cutoff = sql.join(
    recipients.map(
      (r) =>
        sql`when ${r.userId} then ${startOfLocalDate(addDays(todayOf.get(r.userId)!, 1), r.timeZone).toISOString()}::timestamptz`,
    ),
    sql` `,
  );
  const ids = sql.join(
    recipients.map((r) => sql`${r.userId}`),
    sql`, `,
  );
  // People due the same day keep the order they were added in (ids are random, so they cannot
  // break the tie), and the outer query orders too: PostgreSQL need not keep the window's order.
  const dueResult: unknown = await db.execute(sql`
    select * from (
      select c.id, c.user_id, c.first_name, c.last_name, c.emails, c.phones, c.preferred_method,
        c.telegram_username, c.next_due_at, c.last_contacted_at, c.time_zone,
        c.is_time_zone_set_by_hand, c.latitude, c.longitude,
        row_number() over (
          partition by c.user_id order by c.next_due_at, c.created_at, c.id
        ) as rn,
        (count(*) over (partition by c.user_id))::int as total
      from contacts c
      where c.user_id in (${ids}) and c.archived_at is null and c.next_due_at is not null
        and c.next_due_at < (case c.user_id ${cutoff} end)
    ) ranked where rn <= ${DIGEST_CAP}
    order by user_id, rn`);
  const dueRows = (dueResult as { rows: DueRow[] }).rows;

  const lastTouches = new Map<string, { occurredAt: Date; channel: string; note: string | null }>();
  if (dueRows.length > 0) {
    const latest = await db
      .selectDistinctOn([interactions.contactId], {
        contactId: interactions.contactId,
        occurredAt: interactions.occurredAt,
        channel: interactions.channel,
        note: interactions.note,
      })
      .from(interactions)
      // With the owners: the history's index leads with user_id.
      .where(
        and(
          inArray(interactions.userId, userIds),
          inArray(
            interactions.contactId,
            dueRows.map((r) => r.id),
          ),
        ),
      )
      .orderBy(interactions.contactId, desc(interactions.occurredAt), desc(interactions.createdAt));
    for (const row of latest) lastTouches.set(row.contactId, row);
  }

  const memberships = await listMemberships(db, {
    userIds,
    contactIds: dueRows.map((r) => r.id),
  });

  const birthdayRows = await db
    .select({
      id: contacts.id,
      userId: contacts.userId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      day: contacts.birthdayDay,
      month: contacts.birthdayMonth,
      year: contacts.birthdayYear,
    })
    .from(contacts)
    .where(
      and(
        inArray(contacts.userId, userIds),
        isNull(contacts.archivedAt),
        isNotNull(contacts.birthdayMonth),
        isNotNull(contacts.birthdayDay),
      ),
    );

  for (const r of recipients) {
    const today = todayOf.get(r.userId)!;
    const mine = dueRows.filter((row) => row.user_id === r.userId);
    const people = mine.map((row) => {
      const touch = lastTouches.get(row.id);
      return {
        id: row.id,
        firstName: row.first_name,
        name: contactDisplayName({ firstName: row.first_name, lastName: row.last_name }),
        dueDay: toLocalDate(new Date(row.next_due_at), r.timeZone),
        lastContactedAt: row.last_contacted_at ? new Date(row.last_contacted_at) : null,
        lastChannel: touch?.channel ?? null,
        lastNote: touch?.note ?? null,
        nightClock: nightClockOf(
          {
            timeZone: row.time_zone,
            isTimeZoneSetByHand: row.is_time_zone_set_by_hand,
            latitude: row.latitude,
            longitude: row.longitude,
          },
          now,
        ),
        link: preferredChannelLink({
          preferredMethod: row.preferred_method as ContactMethod | null,
          emails: row.emails,
          phones: row.phones,
          telegramUsername: row.telegram_username,
        }),
      };
    });
    const due = groupHouseholds(people, memberships).map(({ firstName: _first, ...c }) => c);
    const birthdays = birthdaysWithin(
      birthdayRows
        .filter((b) => b.userId === r.userId)
        .map((b) => ({ ...b, day: b.day!, month: b.month! })),
      today,
      BIRTHDAY_LOOKAHEAD_DAYS,
    ).map((b) => ({
      id: b.id,
      name: contactDisplayName(b),
      day: b.next,
      turning: b.turning,
    }));
    result.set(r.userId, {
      today,
      due,
      moreCount: Math.max(0, (mine[0]?.total ?? 0) - mine.length),
      birthdays,
    });
  }
  return result;
}

export type DeliveryRequest = {
  recipient: Recipient;
  data: DigestData;
  reminderId: string | null;
  scheduledFor: Date;
  method: string;
  cadence: ReminderCadence;
  isTest: boolean;
  /**
   * Where it goes: the email or text the user chose and every chat channel they connected (a
   * scheduled digest, the default), the chosen one only (the general test), or one chat channel
   * (that channel's "Send a test").
   */
  lanes?: "all" | "primary" | ChatChannelKind;
};

export type SkippedSlot = {
  userId: string;
  reminderId: string;
  scheduledFor: Date;
  reason: string;
};

type Decision =
  | {
      status: "queued";
      channel: "email" | "sms" | "push" | ChatChannelKind;
      reason: string | null;
    }
  | { status: "skipped"; channel: "email" | "sms"; reason: string };

/**
 * A delivery for each chat channel a request goes to: every connected one that is not suspended
 * (a scheduled digest), or the one being tested. An "as needed" digest with nobody due goes
 * nowhere, as by mail.
 */
async function planChatLanes(tx: Tx, requests: DeliveryRequest[]) {
  const wanted = requests.filter((req) => {
    const lanes = req.lanes ?? (req.isTest ? "primary" : "all");
    if (lanes === "primary") return false;
    return req.isTest || req.cadence !== "as_needed" || dueTotal(req.data) > 0;
  });
  if (wanted.length === 0) return [];
  const channels = await listActiveChatChannels(
    tx,
    wanted.map((req) => req.recipient.userId),
    { includeSuspended: wanted.every((req) => req.isTest) },
  );
  return wanted.flatMap((req) =>
    (channels.get(req.recipient.userId) ?? [])
      .filter((c) => (req.lanes ?? "all") === "all" || c.kind === req.lanes)
      .map((chat: ActiveChatChannel) => ({
        req,
        id: randomUUID(),
        decision: { status: "queued", channel: chat.kind, reason: null },
        chat,
      })),
  );
}

/**
 * A delivery for each browser the user turned push on in: with every scheduled digest and with
 * the general test (not a chat channel's own test).
 */
async function planPushLanes(tx: Tx, requests: DeliveryRequest[]) {
  const wanted = requests.filter((req) => {
    const lanes = req.lanes ?? (req.isTest ? "primary" : "all");
    if (lanes !== "all" && lanes !== "primary") return false;
    return req.isTest || req.cadence !== "as_needed" || dueTotal(req.data) > 0;
  });
  if (wanted.length === 0) return [];
  const targets = await listPushTargets(
    tx,
    wanted.map((req) => req.recipient.userId),
  );
  return wanted.flatMap((req) =>
    (targets.get(req.recipient.userId) ?? []).map((device) => ({
      req,
      id: randomUUID(),
      decision: { status: "queued", channel: "push", reason: null } satisfies Decision,
      chat: null,
      device,
    })),
  );
}

// Which channel a digest goes by, or why it is not sent, in words the delivery log shows.
export function decideChannel(req: DeliveryRequest): Decision {
  const { recipient } = req;
  const hasNews = dueTotal(req.data) > 0;
  if (!req.isTest && req.cadence === "as_needed" && !hasNews) {
    return {
      status: "skipped",
      channel: req.method === "text" ? "sms" : "email",
      reason: "Nobody was due, so no reminder was needed.",
    };
  }
  let reason: string | null = null;
  if (req.method === "text") {
    if (recipient.textablePhone && !recipient.smsSuspendedAt)
      return { status: "queued", channel: "sms", reason: null };
    reason = recipient.smsSuspendedAt
      ? "Sent by email: text reminders are paused because the last texts could not be delivered."
      : recipient.hasPhone
        ? "Sent by email: text reminders need a verified +1 phone number (verify it in Settings)."
        : "Sent by email: text reminders need a phone number (add one in Settings).";
  }
  if (recipient.emailBouncedAddress && recipient.emailBouncedAddress === recipient.email) {
    return {
      status: "skipped",
      channel: "email",
      reason: `Not sent: mail to ${recipient.email} bounced. Check the address or confirm it in Settings.`,
    };
  }
  if (!req.isTest && !recipient.emailRemindersEnabled) {
    return {
      status: "skipped",
      channel: "email",
      reason: "Not sent: email reminders are turned off (you unsubscribed).",
    };
  }
  return { status: "queued", channel: "email", reason };
}

export function buildDigest(options: {
  env: Env;
  req: DeliveryRequest;
  deliveryId: string;
  now: Date;
}): Digest {
  const { env, req, deliveryId, now } = options;
  const userId = req.recipient.userId;
  const link = (action: "contacted" | "snooze", contactId: string, memberIds?: string[]) =>
    `${env.APP_URL}/r/${createOneTapToken(env.AUTH_SECRET, {
      action,
      userId,
      contactId,
      contactIds: memberIds,
      expiresAt: now.getTime() + ONE_TAP_TTL_MS,
      nonce: deliveryId,
    })}`;
  return {
    appName: env.APP_NAME,
    appUrl: env.APP_URL,
    firstName: req.recipient.firstName,
    today: req.data.today,
    timeZone: req.recipient.timeZone,
    due: req.data.due.map((c) => ({
      ...c,
      markContactedUrl: link("contacted", c.id, c.memberIds),
      snoozeUrl: link("snooze", c.id, c.memberIds),
    })),
    moreCount: req.data.moreCount,
    birthdays: req.data.birthdays,
    isTest: req.isTest,
    unsubscribeUrl: unsubscribeUrl(env, userId, deliveryId, now),
    replyTo: digestReplyAddress(env, { deliveryId, userId, now }),
    acceptsSmsReplies: isSmsReplyEnabled(env),
  };
}

export function unsubscribeUrl(env: Env, userId: string, nonce: string, now: Date): string {
  const token = createOneTapToken(env.AUTH_SECRET, {
    action: "unsubscribe",
    userId,
    expiresAt: now.getTime() + UNSUBSCRIBE_TTL_MS,
    nonce,
  });
  return `${env.APP_URL}/unsubscribe/${token}`;
}

/**
 * RFC 8058 one-click unsubscribe plus a mailto:, the auto-generated marker (RFC 3834), and,
 * when inbound mail is on, the signed address a reply in the user's own words goes to.
 */
export function digestHeaders(
  env: Env,
  unsubscribe: string,
  replyTo: string | null = null,
): Record<string, string> {
  const mailto = `mailto:${env.SUPPORT_EMAIL}?subject=${encodeURIComponent("Stop reminder emails")}`;
  return {
    "List-Unsubscribe": `<${unsubscribe}>, <${mailto}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "Auto-Submitted": "auto-generated",
    ...(replyTo ? { "Reply-To": replyTo } : {}),
  };
}

/**
 * Writes each request's delivery (one per user and occurrence: a second writer of the same
 * occurrence inserts nothing), its outbox message and its notification; and skipped slots.
 * Returns the ids of deliveries that were queued.
 */
export async function writeDeliveries(
  tx: Tx,
  options: { env: Env; now: Date; requests: DeliveryRequest[]; skipped?: SkippedSlot[] },
): Promise<{ written: string[]; queued: string[]; skipped: number }> {
  const { env, now, requests } = options;
  const primary = requests.flatMap((req) => {
    const lanes = req.lanes ?? (req.isTest ? "primary" : "all");
    if (lanes !== "all" && lanes !== "primary") return [];
    const decision = decideChannel(req);
    return [{ req, id: randomUUID(), decision, chat: null, device: null }];
  });
  const chat = (await planChatLanes(tx, requests)).map((p) => ({ ...p, device: null }));
  const push = await planPushLanes(tx, requests);
  const planned = [...primary, ...chat, ...push].map((p) => ({
    ...p,
    lane: p.chat?.kind ?? (p.device ? `push:${p.device.id}` : "primary"),
    outboxId: p.decision.status === "queued" ? randomUUID() : null,
  }));
  const rows = [
    ...planned.map((p) => {
      // The lines the digest shows, in its order: what "all" and numbers in a reply mean. A
      // text names only its first few; the rest are not what its reader saw.
      const shown =
        p.decision.channel === "sms" ? p.req.data.due.slice(0, SMS_NAMES) : p.req.data.due;
      return {
        id: p.id,
        userId: p.req.recipient.userId,
        reminderId: p.req.reminderId,
        scheduledFor: p.req.scheduledFor,
        channel: p.decision.channel,
        lane: p.lane,
        status: p.decision.status,
        reason: p.decision.reason,
        contactCount: dueTotal(p.req.data),
        isTest: p.req.isTest,
        contactIds: shown.flatMap((c) => c.memberIds ?? [c.id]),
        lineSizes: shown.map((c) => c.memberIds?.length ?? 1),
        outboxId: p.outboxId,
      };
    }),
    ...(options.skipped ?? []).map((s) => ({
      id: randomUUID(),
      userId: s.userId,
      reminderId: s.reminderId,
      scheduledFor: s.scheduledFor,
      channel: "email",
      status: "skipped",
      reason: s.reason,
      contactCount: 0,
      isTest: false,
      outboxId: null,
    })),
  ];
  if (rows.length === 0) return { written: [], queued: [], skipped: 0 };
  const inserted = await tx
    .insert(reminderDeliveries)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: reminderDeliveries.id });
  const written = new Set(inserted.map((r) => r.id));
  const toSend = planned.filter((p) => written.has(p.id) && p.outboxId);

  const messages = toSend.map((p) => {
    const digest = buildDigest({ env, req: p.req, deliveryId: p.id, now });
    const base = { userId: p.req.recipient.userId, deliveryId: p.id };
    const kind = p.req.isTest ? "reminder-test" : "reminder-digest";
    const row = p.device
      ? pushRow({
          ...base,
          kind,
          subscriptionId: p.device.id,
          message: renderDigestChat(digest, {
            deliveryId: p.id,
            createdAt: now,
            acceptsReplies: false,
          }),
        })
      : p.chat
        ? chatRow({
            ...base,
            kind,
            channel: p.chat.kind,
            channelId: p.chat.id,
            message: renderDigestChat(digest, {
              deliveryId: p.id,
              createdAt: now,
              acceptsReplies: p.chat.kind === "telegram" || p.chat.kind === "whatsapp",
            }),
          })
        : p.decision.channel === "sms"
          ? smsRow({
              ...base,
              kind,
              to: p.req.recipient.textablePhone!,
              body: renderDigestSms(digest),
            })
          : mailRow({
              ...base,
              kind,
              to: p.req.recipient.email,
              subject: digestSubject(digest),
              html: renderDigestHtml(digest),
              text: renderDigestText(digest),
              headers: digestHeaders(env, digest.unsubscribeUrl, digest.replyTo ?? null),
            });
    return { row: { ...row, id: p.outboxId! }, digest, p };
  });
  await enqueue(
    tx,
    messages.map((m) => m.row),
  );
  await notifyUsers(
    tx,
    messages
      .filter(({ p }) => !p.chat && !p.device)
      .map(({ digest, p }) => ({
        userId: p.req.recipient.userId,
        type: "REMINDER",
        ...renderDigestNotification(digest),
        link: "/app/rhythms",
        metadata: {
          deliveryId: p.id,
          scheduledFor: p.req.scheduledFor.toISOString(),
          contactIds: digest.due.flatMap((c) => c.memberIds ?? [c.id]),
          isTest: p.req.isTest,
        },
      })),
  );
  return {
    written: planned.filter((p) => written.has(p.id)).map((p) => p.id),
    queued: toSend.map((p) => p.id),
    skipped: rows.length - toSend.length,
  };
}
