// Settings → Notifications on this device: the server's public key, saving and removing this
// browser's push subscription, the user's devices, and whether in-app notifications push too.
// The session says whose; writes pass the same-origin check every /api write does.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createPushSubscriptionInputSchema,
  PushConfigSchema,
  PushDeviceSchema,
  PushDevicesSchema,
  PushSettingsInputSchema,
  PushUnsubscribeInputSchema,
} from "../../../core/push";
import {
  getPushConfig,
  listPushDevices,
  removePushDevice,
  setPushInAppNotifications,
  subscribePush,
  unsubscribePushEndpoint,
} from "./push.service";

const IdParams = z.object({ id: z.uuid({ error: "That device is not in your list any more." }) });
// Each save resolves the push service's host name: a handful a minute is plenty for a person.
const SUBSCRIBE_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: "1 minute" } };

export async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["push"];

  app.get(
    "/api/push/config",
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The VAPID public key, whether push is available, and the user's push choice",
        response: { 200: PushConfigSchema },
      },
    },
    async (request) => getPushConfig(app.db, app.env, request.user.id),
  );

  app.patch(
    "/api/push/settings",
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Choose whether in-app notifications also go to the user's push devices",
        body: PushSettingsInputSchema,
        response: { 200: PushConfigSchema },
      },
    },
    async (request) =>
      setPushInAppNotifications(
        app.db,
        app.env,
        request.user.id,
        request.body.pushInAppNotifications,
      ),
  );

  app.get(
    "/api/push/subscriptions",
    {
      preHandler: app.requireUser,
      schema: { tags, summary: "The user's push devices", response: { 200: PushDevicesSchema } },
    },
    async (request) => ({ devices: await listPushDevices(app.db, request.user.id) }),
  );

  app.post(
    "/api/push/subscriptions",
    {
      preHandler: app.requireUser,
      config: SUBSCRIBE_RATE_LIMIT,
      schema: {
        tags,
        summary: "Save this browser's PushSubscription (endpoint, keys.p256dh, keys.auth)",
        body: createPushSubscriptionInputSchema({ allowHttp: app.env.ALLOW_PRIVATE_WEBHOOKS }),
        response: { 201: PushDeviceSchema },
      },
    },
    async (request, reply) => {
      const device = await subscribePush(app.db, app.env, {
        userId: request.user.id,
        subscription: request.body,
        userAgent: request.headers["user-agent"],
      });
      return reply.code(201).send(device);
    },
  );

  app.delete(
    "/api/push/subscriptions",
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Remove this browser's subscription, by its endpoint",
        body: PushUnsubscribeInputSchema,
        response: { 200: PushDevicesSchema },
      },
    },
    async (request) => {
      await unsubscribePushEndpoint(app.db, request.user.id, request.body.endpoint);
      return { devices: await listPushDevices(app.db, request.user.id) };
    },
  );

  app.delete(
    "/api/push/subscriptions/:id",
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Remove one of the user's devices",
        params: IdParams,
        response: { 200: PushDevicesSchema },
      },
    },
    async (request) => {
      await removePushDevice(app.db, request.user.id, request.params.id);
      return { devices: await listPushDevices(app.db, request.user.id) };
    },
  );
}
