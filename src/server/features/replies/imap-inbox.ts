// Inbound mail from a mailbox that lives elsewhere (INBOUND_IMAP_URL): for self-hosters whose
// mail server delivers reply+…@ and log+…@ to one mailbox. Tend reads the unseen messages, hands
// each one to the inbound pipeline, and marks it seen (or moves it, with ?move=Folder) once
// handled; then it waits with IDLE where the server offers it, and looks again every minute in
// any case. A message the pipeline could not handle (the database was away) stays unseen and is
// tried again on the next look.
import { ImapFlow } from "imapflow";
import type { FastifyBaseLogger } from "fastify";

export type ImapInboxOptions = {
  /** imap://user:password@host:143/INBOX or imaps://…:993/INBOX; `?move=Folder` moves handled mail. */
  url: string;
  log: FastifyBaseLogger;
  /** Hands one message (its raw source) to the pipeline; throws only when it should be tried again. */
  handle: (raw: Buffer) => Promise<void>;
  /** How often to look even without IDLE news, and to reconnect after a lost connection. */
  pollMs?: number;
};

export type ImapInbox = {
  /** Looks at the mailbox now; resolves once every unseen message has been handed over. */
  checkNow(): Promise<void>;
  stop(): Promise<void>;
};

type MailboxAddress = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
  moveTo: string | null;
};

/** Reads INBOUND_IMAP_URL; throws a message an operator can act on when it is not usable. */
export function parseImapUrl(url: string): MailboxAddress {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error("INBOUND_IMAP_URL is not a URL: write imap://user:password@host:143/INBOX");
  }
  if (parsed.protocol !== "imap:" && parsed.protocol !== "imaps:")
    throw new Error("INBOUND_IMAP_URL must start with imap:// or imaps://");
  if (!parsed.username || !parsed.hostname)
    throw new Error("INBOUND_IMAP_URL needs a user and a host: imap://user:password@host/INBOX");
  const secure = parsed.protocol === "imaps:";
  const mailbox = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "INBOX";
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    mailbox,
    moveTo: parsed.searchParams.get("move") || null,
  };
}

export function startImapInbox(options: ImapInboxOptions): ImapInbox {
  const address = parseImapUrl(options.url);
  const pollMs = options.pollMs ?? 60_000;
  const log = options.log.child({ inbound: "imap", host: address.host });
  let client: ImapFlow | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  // One look at a time: IDLE's news, the timer and checkNow() queue behind each other.
  let running: Promise<void> = Promise.resolve();

  async function connect(): Promise<ImapFlow> {
    if (client?.usable) return client;
    const next = new ImapFlow({
      host: address.host,
      port: address.port,
      secure: address.secure,
      auth: { user: address.user, pass: address.pass },
      logger: false,
      // The connection does nothing else: wait in IDLE a second after each look, not 15.
      autoIdleDelay: 1_000,
      // A plain imap:// server that offers STARTTLS is upgraded; one that does not is used as is
      // (a mailbox on the same machine or network).
      doSTARTTLS: address.secure ? undefined : false,
    });
    next.on("error", (error: Error) => log.warn({ err: error }, "the mailbox connection failed"));
    next.on("exists", () => void look());
    next.on("close", () => {
      if (client === next) client = null;
    });
    try {
      await next.connect();
      await next.mailboxOpen(address.mailbox);
      if (address.moveTo && !(await next.list()).some((box) => box.path === address.moveTo))
        await next.mailboxCreate(address.moveTo);
    } catch (error) {
      // A wrong mailbox or a folder that can't be made: close this connection, or each retry
      // would leave one more logged in.
      next.close();
      throw error;
    }
    client = next;
    return next;
  }

  async function lookOnce(): Promise<void> {
    if (stopped) return;
    const imap = await connect();
    const uids = (await imap.search({ seen: false }, { uid: true })) || [];
    for (const uid of uids) {
      if (stopped) return;
      const message = await imap.fetchOne(String(uid), { source: true }, { uid: true });
      if (!message || !message.source) continue;
      try {
        await options.handle(message.source);
      } catch (error) {
        // Left unseen: the next look tries it again.
        log.warn({ err: error, uid }, "a message from the mailbox could not be handled yet");
        continue;
      }
      if (address.moveTo) await imap.messageMove(String(uid), address.moveTo, { uid: true });
      else await imap.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
    }
  }

  function look(): Promise<void> {
    running = running.then(lookOnce).catch((error: unknown) => {
      log.warn({ err: error }, "could not read the inbound mailbox; trying again later");
      client?.close();
      client = null;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void look().then(schedule), pollMs);
    timer.unref();
  }

  void look().then(schedule);

  return {
    checkNow: look,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      const open = client;
      client = null;
      if (open?.usable) await open.logout().catch(() => open.close());
    },
  };
}
