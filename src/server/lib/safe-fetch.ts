// The one way Tend calls a URL a user gave (webhooks, ntfy topics): public addresses only, unless
// the operator allows private ones, with the checked address pinned for the connection.
import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export const SAFE_FETCH_TIMEOUT_MS = 10_000;
/** Reading more of an answer than this rejects: Tend only needs a status and a short reply. */
export const SAFE_FETCH_MAX_BODY_BYTES = 64 * 1024;

export type ResolvedAddress = { address: string; family: number };
export type LookupAddresses = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchOptions = {
  /** ALLOW_PRIVATE_WEBHOOKS: loopback, private (RFC 1918, fc00::/7) and CGNAT become reachable. */
  allowPrivate: boolean;
  /** Resolves a host name; the system resolver by default (tests pass their own). */
  lookup?: LookupAddresses;
};

export type SafeFetchInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** For the whole exchange, reading the body included. */
  timeoutMs?: number;
  maxBodyBytes?: number;
};

/** `isPermanent`: retrying the same URL cannot succeed (a refused address, a redirect). */
export class SafeFetchError extends Error {
  readonly isPermanent: boolean;

  constructor(message: string, isPermanent: boolean) {
    super(message);
    this.name = "SafeFetchError";
    this.isPermanent = isPermanent;
  }
}

const PRIVATE_MESSAGE =
  "This address points inside a private network, which Tend does not call. Use a public URL (on a self-hosted server, the operator can allow private addresses with ALLOW_PRIVATE_WEBHOOKS=true).";
const NOT_PUBLIC_MESSAGE =
  "This address is not a public internet address, which Tend does not call. Use a public URL.";
const LINK_LOCAL_MESSAGE =
  "This address is a link-local or cloud metadata address, which Tend never calls. Use a public URL.";

const OPENED_BY_ALLOW_PRIVATE = new Set(["loopback", "private", "carrierGradeNat", "uniqueLocal"]);
// Cloud metadata services outside 169.254/16 (AWS over IPv6, Alibaba): never opened.
const METADATA_ADDRESSES = new Set(["fd00:ec2::254", "100.100.100.200"]);

/** Why Tend refuses to call this IP address, or null when it may. */
function refuseAddress(text: string, allowPrivate: boolean): string | null {
  let ip = ipaddr.parse(text);
  // IPv4 inside IPv6 (::ffff:a.b.c.d, ::a.b.c.d, NAT64 64:ff9b::a.b.c.d) reaches the IPv4 address.
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    const range = v6.range();
    const isCompatible = range === "unicast" && v6.parts.slice(0, 6).every((part) => part === 0);
    if (range === "ipv4Mapped" || range === "rfc6145" || range === "rfc6052" || isCompatible) {
      const bytes = v6.toByteArray().slice(12);
      if (isCompatible && bytes.slice(0, 2).every((b) => b === 0)) return NOT_PUBLIC_MESSAGE;
      ip = ipaddr.IPv4.parse(bytes.join("."));
    }
  }
  const range = ip.range();
  if (range === "unicast") return null;
  if (range === "linkLocal" || METADATA_ADDRESSES.has(ip.toString())) return LINK_LOCAL_MESSAGE;
  if (OPENED_BY_ALLOW_PRIVATE.has(range)) return allowPrivate ? null : PRIVATE_MESSAGE;
  return NOT_PUBLIC_MESSAGE;
}

function lookupSystem(hostname: string): Promise<ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

type Target = { url: URL; addresses: ResolvedAddress[] };

// Resolves the host once and checks every address it has: the connection may only use these.
async function resolveTarget(rawUrl: string, options: SafeFetchOptions): Promise<Target> {
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    throw new SafeFetchError(
      "This is not a web address Tend can read. Check it and try again.",
      true,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError("Only http:// and https:// addresses can be used.", true);
  }
  if (url.username || url.password) {
    throw new SafeFetchError(
      "The address contains a user name or password (before the @). Remove it; tokens have a field of their own.",
      true,
    );
  }
  // WHATWG parsing already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await (options.lookup ?? lookupSystem)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      throw new SafeFetchError(`Tend could not find the server ${host}. Check the address.`, false);
    }
  }
  for (const { address } of addresses) {
    const reason = refuseAddress(address, options.allowPrivate);
    if (reason) throw new SafeFetchError(reason, true);
  }
  return { url, addresses };
}

/** For Settings: null when the URL may be saved, else the reason in a sentence. */
export async function checkPublicUrl(
  url: string,
  options: SafeFetchOptions,
): Promise<string | null> {
  return (await findUrlRefusal(url, options))?.message ?? null;
}

/** Why calling this URL fails now, or null; `isPermanent` tells a refusal from a DNS miss. */
export async function findUrlRefusal(
  url: string,
  options: SafeFetchOptions,
): Promise<SafeFetchError | null> {
  try {
    await resolveTarget(url, options);
    return null;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
}

// Hands the socket the addresses already checked, so a second DNS answer (rebinding) is never used.
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

function describeNetworkError(error: unknown, host: string): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? "";
  if ((error as Error).name === "AbortError") {
    return new SafeFetchError(`The request to ${host} was cancelled.`, false);
  }
  if (code === "ECONNREFUSED") {
    return new SafeFetchError(
      `The server at ${host} refused the connection. Check that it is running.`,
      false,
    );
  }
  if (code === "ENETUNREACH" || code === "EHOSTUNREACH") {
    return new SafeFetchError(`The server at ${host} could not be reached.`, false);
  }
  if (/CERT|SELF_SIGNED|TLS|SSL/.test(code)) {
    return new SafeFetchError(
      `The HTTPS certificate of ${host} was not accepted (${code}).`,
      false,
    );
  }
  return new SafeFetchError(
    `The request to ${host} failed (${code || (error as Error).message}).`,
    false,
  );
}

// The answer's body as a web stream that errors once it passes the cap.
function cappedBody(
  res: IncomingMessage,
  maxBytes: number,
  host: string,
): ReadableStream<Uint8Array> {
  let received = 0;
  let isDone = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: unknown) => {
        if (isDone) return;
        isDone = true;
        controller.error(describeNetworkError(error, host));
      };
      res.on("data", (chunk: Buffer) => {
        if (isDone) return;
        received += chunk.length;
        if (received > maxBytes) {
          fail(
            new SafeFetchError(`The answer from ${host} was larger than ${maxBytes} bytes.`, true),
          );
          res.destroy();
          return;
        }
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 1) <= 0) res.pause();
      });
      res.on("end", () => {
        if (isDone) return;
        isDone = true;
        controller.close();
      });
      res.on("error", fail);
      res.on("aborted", () => fail(new Error("aborted")));
    },
    pull() {
      res.resume();
    },
    cancel() {
      isDone = true;
      res.destroy();
    },
  });
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * Calls a user-given URL. Redirects are not followed: each hop would need the same check and a
 * webhook or ntfy URL that redirects is better saved as its final address, so a redirect is a
 * permanent SafeFetchError naming where it pointed. Every failure is a SafeFetchError.
 */
export async function safeFetch(
  rawUrl: string,
  init: SafeFetchInit,
  options: SafeFetchOptions,
): Promise<Response> {
  const { url, addresses } = await resolveTarget(rawUrl, options);
  const host = url.host;
  const timeoutMs = init.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS;
  const client = url.protocol === "https:" ? https : http;
  const method = (init.method ?? "GET").toUpperCase();
  return new Promise<Response>((resolve, reject) => {
    const req = client.request(url, {
      method,
      headers: init.headers,
      signal: init.signal,
      lookup: pinnedLookup(addresses),
      // A connection of its own: a pooled socket could be one opened for another address check.
      agent: false,
    });
    let response: IncomingMessage | undefined;
    const timer = setTimeout(() => {
      const error = new SafeFetchError(
        `${host} did not answer within ${timeoutMs / 1000} seconds.`,
        false,
      );
      response?.destroy(error);
      req.destroy(error);
    }, timeoutMs);
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(describeNetworkError(error, host));
    });
    req.on("response", (res) => {
      response = res;
      res.on("close", () => clearTimeout(timer));
      // The body stream reports errors to its reader; this keeps an unread one from crashing.
      res.on("error", () => {});
      const status = res.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        res.destroy();
        const location = res.headers.location ?? "another address";
        reject(
          new SafeFetchError(
            `${host} answered with a redirect (${status}) to ${location}. Tend does not follow redirects: save the final address instead.`,
            true,
          ),
        );
        return;
      }
      const headers = new Headers();
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
      }
      const hasBody = !NULL_BODY_STATUSES.has(status) && method !== "HEAD";
      if (!hasBody) res.resume();
      const body = hasBody
        ? cappedBody(res, init.maxBodyBytes ?? SAFE_FETCH_MAX_BODY_BYTES, host)
        : null;
      try {
        resolve(new Response(body, { status, statusText: res.statusMessage, headers }));
      } catch {
        res.destroy();
        reject(
          new SafeFetchError(`${host} answered with an invalid HTTP status (${status}).`, false),
        );
      }
    });
    req.end(init.body);
  });
}
