// Settings → Phone sync: the user's device passwords for CardDAV. A new password is answered
// once; the list carries names, access and dates, never a secret.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CreatedDeviceSchema, DeviceCreateSchema, DevicesSchema } from "../../../core/devices";
import { createDevice, listDevices, revokeDevice } from "./device-passwords";

const IdParams = z.object({
  id: z.uuid({ error: "That device password is not in your list any more." }),
});

export async function devicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["devices"];
  const davUrl = new URL("/dav/", app.appUrl).toString();

  app.get(
    "/api/devices",
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The server address, user name and device passwords for phone sync (CardDAV)",
        response: { 200: DevicesSchema },
      },
    },
    async (request) => ({
      url: davUrl,
      username: request.user.email,
      devices: await listDevices(app.db, request.user.id),
    }),
  );

  app.post(
    "/api/devices",
    {
      preHandler: app.requirePaidUser,
      schema: {
        tags,
        summary: "Create a device password (read or read-write); the password is shown only here",
        body: DeviceCreateSchema,
        response: { 201: CreatedDeviceSchema },
      },
    },
    async (request, reply) => {
      const { device, password } = await createDevice(app.db, request.user.id, request.body);
      return reply
        .code(201)
        .send({ id: device.id, url: davUrl, username: request.user.email, password, device });
    },
  );

  app.delete(
    "/api/devices/:id",
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Revoke a device password: it stops working at once",
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeDevice(app.db, request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
