// The 1,000-contact limit, enforced on the server with a message a person can act on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { contacts } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { assertContactCapacity } from "./contacts.service";

describe("contact limit", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build();
    user = await createUser(t.app);
  });
  afterAll(async () => t.close());

  async function fill(userId: string, n: number, archived = 0) {
    const rows = Array.from({ length: n }, (_, i) => ({
      userId,
      firstName: `Person ${i}`,
      archivedAt: i < archived ? new Date() : null,
    }));
    await t.app.db.insert(contacts).values(rows);
  }
  const create = (u: TestUser, firstName: string) =>
    injectAs(t.app, u, { method: "POST", url: "/api/contacts", payload: { firstName } });

  it("allows the 1,000th contact and refuses the 1,001st, archived ones included", async () => {
    await fill(user.id, 999, 10);
    expect((await create(user, "Number 1000")).statusCode).toBe(201);
    const refused = await create(user, "Number 1001");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: "LIMIT_REACHED",
      message:
        "You have reached the limit of 1,000 contacts. Delete contacts you no longer need to add more.",
    });
    const list = await injectAs(t.app, user, { url: "/api/contacts?archived=false" });
    expect(list.json()).toMatchObject({ total: 1000, limit: 1000, counts: { all: 990 } });
  });

  it("counts one transaction after another, so two writers cannot both take the last place", async () => {
    const other = await createUser(t.app);
    await fill(other.id, 999);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const addOne = (hold: boolean) =>
      t.app.db.transaction(async (tx) => {
        await assertContactCapacity(tx, other.id, 1);
        await tx.insert(contacts).values({ userId: other.id, firstName: "Last place" });
        if (hold) await held;
      });
    const first = addOne(true);
    // The second writer starts while the first still holds its transaction open.
    const second = new Promise((r) => setTimeout(r, 100)).then(() => addOne(false));
    setTimeout(release, 300);
    const results = await Promise.allSettled([first, second]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    const list = await injectAs(t.app, other, { url: "/api/contacts" });
    expect(list.json().total).toBe(1000);
  });

  it("tells an importer how much room is left, inside its transaction", async () => {
    const importer = await createUser(t.app);
    await fill(importer.id, 900);
    const attempt = (adding: number) =>
      t.app.db.transaction((tx) => assertContactCapacity(tx, importer.id, adding));
    await expect(attempt(100)).resolves.toBeUndefined();
    const error = await attempt(250).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(
      "That would add 250 contacts, but you have room for 100 more (the limit is 1,000). Delete some contacts or add fewer.",
    );
  });
});
