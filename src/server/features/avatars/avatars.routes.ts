// Deterministic avatar SVGs rendered here (DiceBear), replacing a third-party avatar service.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AVATAR_SIZES, DICEBEAR_STYLES } from "../../../core/constants";
import { AppError } from "../../lib/app-error";
import type { renderAvatar } from "./avatar-render";

type AvatarStyle = (typeof DICEBEAR_STYLES)[number];

function isAvatarStyle(name: string): name is AvatarStyle {
  return (DICEBEAR_STYLES as readonly string[]).includes(name);
}

let renderer: Promise<{ renderAvatar: typeof renderAvatar }> | undefined;

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
      // Only the listed names: "__proto__" or "toString" are not styles (they answered 500 once).
      const { style } = request.params;
      if (!isAvatarStyle(style)) {
        throw new AppError(
          "NOT_FOUND",
          `Unknown avatar style. Use one of: ${DICEBEAR_STYLES.join(", ")}.`,
        );
      }
      const { renderAvatar } = await (renderer ??= import("./avatar-render"));
      const svg = renderAvatar(style, { seed: request.query.seed, size: request.query.size });
      return reply
        .type("image/svg+xml")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(svg);
    },
  );
}
