// Security headers with a content security policy the built app really passes, a general
// per-IP request limit on the API (auth endpoints have their own, stricter limits), and
// compression of responses over 1 KB (brotli or gzip, as the browser accepts).
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      isRateLimited: boolean;
      /** The general per-IP limit on /api requests (API_RATE_LIMIT_PER_MINUTE). */
      apiRequestsPerMinute: number;
      isProduction: boolean;
      /** A configured map vendor's origin: its style, tiles and images may load (decision 115). */
      mapOrigin?: string | null;
    },
  ) => {
    const vendor = opts.mapOrigin ? [opts.mapOrigin] : [];
    await app.register(helmet, {
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
    await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
    if (opts.isRateLimited) {
      await app.register(rateLimit, {
        max: opts.apiRequestsPerMinute,
        timeWindow: "1 minute",
        allowList: (request) => !request.url.startsWith("/api/"),
      });
    }
  },
);
