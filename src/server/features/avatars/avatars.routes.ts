// Deterministic avatar SVGs rendered here (DiceBear), replacing a third-party avatar service.
import * as collection from "@dicebear/collection";
import { createAvatar, type Style } from "@dicebear/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DICEBEAR_STYLES } from "../../../core/constants";
import { AVATAR_SIZES } from "../../../core/constants";
import { AppError } from "../../lib/app-error";

const STYLES = {
  avataaars: collection.avataaars,
  bottts: collection.bottts,
  initials: collection.initials,
  lorelei: collection.lorelei,
  micah: collection.micah,
  notionists: collection.notionists,
  "fun-emoji": collection.funEmoji,
  shapes: collection.shapes,
  thumbs: collection.thumbs,
} satisfies Record<(typeof DICEBEAR_STYLES)[number], Style<object>>;

export const AVATAR_STYLES = Object.keys(STYLES);

export async function avatarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/avatars/:style.svg",
    {
      schema: {
        params: z.object({ style: z.string() }),
        querystring: z.object({
          seed: z.string().max(200).default("tend"),
          size: z.coerce
            .number()
            .int()
            .refine((n) => (AVATAR_SIZES as readonly number[]).includes(n), {
              message: `size must be one of ${AVATAR_SIZES.join(", ")}`,
            })
            .default(64),
        }),
      },
    },
    async (request, reply) => {
      // Own keys only: "__proto__" or "toString" are not styles (they answered 500 once).
      const style = Object.hasOwn(STYLES, request.params.style)
        ? (STYLES as Record<string, Style<object>>)[request.params.style]
        : undefined;
      if (!style) {
        throw new AppError(
          "NOT_FOUND",
          `Unknown avatar style. Use one of: ${AVATAR_STYLES.join(", ")}.`,
        );
      }
      const svg = createAvatar(style, {
        seed: request.query.seed,
        size: request.query.size,
      }).toString();
      return reply
        .type("image/svg+xml")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(svg);
    },
  );
}
