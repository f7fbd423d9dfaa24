// Security headers with a content security policy the built app really passes, a general
// per-IP request limit on the API (auth endpoints have their own, stricter limits), and
// compression of responses over 1 KB (brotli or gzip, as the browser accepts).
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { isApiRequest } from "../lib/request-path";

/**
 * The headers Helmet sets for `options`. They depend on the options alone, never on the
 * request, so they are worked out once, not by a Helmet middleware on every request.
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      isRateLimited: boolean;
      /** The general per-IP limit on /api requests (API_RATE_LIMIT_PER_MINUTE). */
      apiRequestsPerMinute: number;
      isProduction: boolean;
      /** A configured map vendor's origin: its style, tiles and images may load. */
      mapOrigin?: string | null;
    },
  ) => {
    const vendor = opts.mapOrigin ? [opts.mapOrigin] : [];
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", ...vendor],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'", ...vendor],
          workerSrc: ["'self'", "blob:"],
          manifestSrc: ["'self'"],
          childSrc: ["'self'", "blob:"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          ...(opts.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: opts.isProduction,
      crossOriginEmbedderPolicy: false,
    });
    // On the raw response, as Helmet sets them: routes may still replace one (files.routes.ts),
    // and answers written past Fastify (the notification stream) carry them too.
    app.addHook("onRequest", (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
    if (opts.isRateLimited) {
      await app.register(rateLimit, {
        max: opts.apiRequestsPerMinute,
        timeWindow: "1 minute",
        allowList: (request) => !isApiRequest(request),
      });
    }
  },
);
