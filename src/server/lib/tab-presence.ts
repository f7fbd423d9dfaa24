// Which users have an app tab open in front of them, for every app process to see (decision 324):
// an in-app notification is pushed only to a user who has none. A tab is present while its
// notification stream is open, and visible when the page last said so (visibilitychange). Each
// tab is a row of `service_leases` (the table of things held until they run out): name
// `tab:<user id>:<tab id>`, holder `visible:<stream id>` or `hidden:<stream id>`. The process
// holding the stream renews the row on its poll and deletes it when the stream closes; a row
// whose process died without closing it runs out by itself. The database's clock decides expiry,
// as for the job leases.
import { and, eq, inArray, like, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { serviceLeases } from "../db/schema/index";

const PREFIX = "tab:";

export type TabVisibility = "visible" | "hidden";

export type OpenTab = { userId: string; tabId: string; streamId: string };

export function tabLeaseName(userId: string, tabId: string): string {
  return `${PREFIX}${userId}:${tabId}`;
}

const ofUser = (userId: string) =>
  sql`starts_with(${serviceLeases.name}, ${`${PREFIX}${userId}:`})`;
const ofStream = (streamId: string) =>
  inArray(serviceLeases.holder, [`visible:${streamId}`, `hidden:${streamId}`]);
const expiresIn = (ttlSeconds: number) => sql`now() + make_interval(secs => ${ttlSeconds})`;

/**
 * A stream opened for a tab: the tab is present from now. A row the tab left behind (a stream
 * that dropped, reconnecting here) keeps the visibility the page last reported; a new tab counts
 * as hidden until the page says otherwise. The user's rows that ran out go at the same time.
 */
export async function openTab(db: Db, tab: OpenTab, ttlSeconds: number): Promise<void> {
  await db
    .delete(serviceLeases)
    .where(and(ofUser(tab.userId), lt(serviceLeases.expiresAt, sql`now()`)));
  await db
    .insert(serviceLeases)
    .values({
      name: tabLeaseName(tab.userId, tab.tabId),
      holder: `hidden:${tab.streamId}`,
      expiresAt: expiresIn(ttlSeconds),
    })
    .onConflictDoUpdate({
      target: serviceLeases.name,
      set: {
        holder: sql`split_part(${serviceLeases.holder}, ':', 1) || ${`:${tab.streamId}`}`,
        expiresAt: sql`excluded.expires_at`,
      },
    });
}

/** Renews the tabs whose streams this process holds; one statement for all of them. */
export async function renewTabs(db: Db, tabs: OpenTab[], ttlSeconds: number): Promise<void> {
  if (tabs.length === 0) return;
  await db
    .update(serviceLeases)
    .set({ expiresAt: expiresIn(ttlSeconds) })
    .where(
      and(
        inArray(
          serviceLeases.name,
          tabs.map((tab) => tabLeaseName(tab.userId, tab.tabId)),
        ),
        inArray(
          serviceLeases.holder,
          tabs.flatMap((tab) => [`visible:${tab.streamId}`, `hidden:${tab.streamId}`]),
        ),
      ),
    );
}

/** The stream closed: the tab is gone, unless a newer stream of the same tab holds it now. */
export async function closeTab(db: Db, tab: OpenTab): Promise<void> {
  await db
    .delete(serviceLeases)
    .where(
      and(eq(serviceLeases.name, tabLeaseName(tab.userId, tab.tabId)), ofStream(tab.streamId)),
    );
}

/**
 * What the page reported. False when the tab has no open stream (not opened yet, or between a
 * drop and its reconnect): the page reports again when its stream opens.
 */
export async function setTabVisibility(
  db: Db,
  tab: { userId: string; tabId: string; visibility: TabVisibility },
): Promise<boolean> {
  const rows = await db
    .update(serviceLeases)
    .set({
      holder: sql`${`${tab.visibility}:`} || split_part(${serviceLeases.holder}, ':', 2)`,
    })
    .where(
      and(
        eq(serviceLeases.name, tabLeaseName(tab.userId, tab.tabId)),
        sql`${serviceLeases.expiresAt} > now()`,
      ),
    )
    .returning({ name: serviceLeases.name });
  return rows.length > 0;
}

/** True, as SQL, when the user in `userId` has a tab open, visible, and not run out. */
export function hasVisibleTab(userId: PgColumn | SQL): SQL {
  return sql`exists (select 1 from ${serviceLeases} where starts_with(${serviceLeases.name}, ${PREFIX}::text || ${userId} || ':') and ${like(serviceLeases.holder, "visible:%")} and ${serviceLeases.expiresAt} > now())`;
}
