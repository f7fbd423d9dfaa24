import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkPublicUrl,
  safeFetch,
  SafeFetchError,
  type LookupAddresses,
  type ResolvedAddress,
} from "./safe-fetch";

const PUBLIC = { address: "93.184.215.14", family: 4 };

function answering(...answers: ResolvedAddress[][]): LookupAddresses & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    return answers[Math.min(calls.length - 1, answers.length - 1)]!;
  };
  return Object.assign(lookup, { calls });
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

type Received = { method: string; headers: IncomingMessage["headers"]; body: string };

async function startServer(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ method: req.method ?? "", headers: req.headers, body });
      handle(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { port: (server.address() as AddressInfo).port, received };
}

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a SafeFetchError");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe("checkPublicUrl", () => {
  it.each([
    ["http://127.0.0.1/", "private network"],
    ["http://10.0.0.1/hook", "private network"],
    ["http://172.16.5.4/", "private network"],
    ["http://192.168.1.10/", "private network"],
    ["http://100.64.0.1/", "private network"],
    ["http://[::1]/", "private network"],
    ["http://[fc00::1]/", "private network"],
    ["http://2130706433/", "private network"],
    ["http://0x7f000001/", "private network"],
    ["http://0177.0.0.1/", "private network"],
    ["http://127.1/", "private network"],
    ["http://[::ffff:127.0.0.1]/", "private network"],
    ["http://[::ffff:10.0.0.1]/", "private network"],
    ["http://[64:ff9b::7f00:1]/", "private network"],
    ["http://[::127.0.0.1]/", "private network"],
    ["http://169.254.169.254/latest/meta-data/", "metadata"],
    ["http://[fe80::1]/", "link-local"],
    ["http://[fd00:ec2::254]/", "metadata"],
    ["http://0.0.0.0/", "not a public"],
    ["http://[::]/", "not a public"],
    ["http://224.0.0.1/", "not a public"],
    ["http://255.255.255.255/", "not a public"],
    ["ftp://ntfy.sh/topic", "Only http:// and https://"],
    ["file:///etc/passwd", "Only http:// and https://"],
    ["https://user:secret@ntfy.sh/topic", "user name or password"],
    ["not a url", "not a web address"],
  ])("refuses %s", async (url, reason) => {
    const lookup = answering([PUBLIC]);
    expect(await checkPublicUrl(url, { allowPrivate: false, lookup })).toContain(reason);
    expect(lookup.calls).toEqual([]);
  });

  it("accepts a public name and a public literal address", async () => {
    const lookup = answering([PUBLIC, { address: "2606:4700::6810:84e5", family: 6 }]);
    expect(
      await checkPublicUrl("https://ntfy.sh/tend", { allowPrivate: false, lookup }),
    ).toBeNull();
    expect(lookup.calls).toEqual(["ntfy.sh"]);
    expect(await checkPublicUrl("http://8.8.8.8/", { allowPrivate: false })).toBeNull();
  });

  it("refuses a name that resolves to a private address, even among public ones", async () => {
    const toLoopback = answering([{ address: "127.0.0.1", family: 4 }]);
    expect(
      await checkPublicUrl("https://evil.example/", { allowPrivate: false, lookup: toLoopback }),
    ).toContain("private network");
    const mixed = answering([PUBLIC, { address: "10.0.0.1", family: 4 }]);
    expect(
      await checkPublicUrl("https://evil.example/", { allowPrivate: false, lookup: mixed }),
    ).toContain("private network");
    const toMetadata = answering([{ address: "169.254.169.254", family: 4 }]);
    expect(
      await checkPublicUrl("https://evil.example/", { allowPrivate: true, lookup: toMetadata }),
    ).toContain("metadata");
  });

  it("refuses localhost through the system resolver", async () => {
    expect(await checkPublicUrl("http://localhost:3000/", { allowPrivate: false })).toContain(
      "private network",
    );
  });

  it("names a host that does not resolve", async () => {
    const nowhere: LookupAddresses = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(
      await checkPublicUrl("https://no-such-host.example/", {
        allowPrivate: false,
        lookup: nowhere,
      }),
    ).toBe("Tend could not find the server no-such-host.example. Check the address.");
  });

  it("lets the operator allow private addresses, but not link-local or metadata ones", async () => {
    for (const url of [
      "http://127.0.0.1/",
      "http://10.0.0.1/",
      "http://[::1]/",
      "http://[fd12::1]/",
    ]) {
      expect(await checkPublicUrl(url, { allowPrivate: true })).toBeNull();
    }
    expect(await checkPublicUrl("http://169.254.169.254/", { allowPrivate: true })).toContain(
      "metadata",
    );
    expect(await checkPublicUrl("http://0.0.0.0/", { allowPrivate: true })).toContain(
      "not a public",
    );
  });
});

describe("safeFetch", () => {
  it("refuses a private address as a permanent failure without connecting", async () => {
    const server = await startServer((_req, res) => res.end("inside"));
    for (const url of [
      `http://127.0.0.1:${server.port}/`,
      `http://2130706433:${server.port}/`,
      `http://[::ffff:127.0.0.1]:${server.port}/`,
    ]) {
      const error = await refusal(safeFetch(url, {}, { allowPrivate: false }));
      expect(error.isPermanent).toBe(true);
      expect(error.message).toBe(
        "This address points inside a private network, which Tend does not call. Use a public URL (on a self-hosted server, the operator can allow private addresses with ALLOW_PRIVATE_WEBHOOKS=true).",
      );
    }
    const lookup = answering([{ address: "127.0.0.1", family: 4 }]);
    const error = await refusal(
      safeFetch(`http://hook.example:${server.port}/`, {}, { allowPrivate: false, lookup }),
    );
    expect(error.isPermanent).toBe(true);
    expect(server.received).toEqual([]);
  });

  it("sends method, headers and body to an allowed server and hands back its answer", async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(201, { "content-type": "application/json", "x-reply": "yes" });
      res.end(JSON.stringify({ id: "abc" }));
    });
    const response = await safeFetch(
      `http://127.0.0.1:${server.port}/topic?x=1`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "tend-signature": "t=1,v1=ab" },
        body: JSON.stringify({ digest: ["Alan"] }),
      },
      { allowPrivate: true },
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("x-reply")).toBe("yes");
    expect(await response.json()).toEqual({ id: "abc" });
    expect(server.received).toHaveLength(1);
    const [got] = server.received;
    expect(got!.method).toBe("POST");
    expect(got!.headers["tend-signature"]).toBe("t=1,v1=ab");
    expect(got!.headers["content-length"]).toBe(
      String(JSON.stringify({ digest: ["Alan"] }).length),
    );
    expect(JSON.parse(got!.body)).toEqual({ digest: ["Alan"] });
  });

  it("connects to the address it checked when the name's next answer would differ (DNS rebinding)", async () => {
    const server = await startServer((req, res) => res.end(`host=${req.headers.host}`));
    // Checked: 127.0.0.1 (allowed here). A second lookup would answer the metadata address.
    const lookup = answering(
      [{ address: "127.0.0.1", family: 4 }],
      [{ address: "169.254.169.254", family: 4 }],
    );
    const response = await safeFetch(
      `http://rebind.example:${server.port}/`,
      {},
      { allowPrivate: true, lookup },
    );
    expect(await response.text()).toBe(`host=rebind.example:${server.port}`);
    expect(lookup.calls).toEqual(["rebind.example"]);
    expect(server.received).toHaveLength(1);
  });

  it("does not follow a redirect and says where it pointed", async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      res.end();
    });
    const error = await refusal(
      safeFetch(`http://127.0.0.1:${server.port}/hook`, {}, { allowPrivate: true }),
    );
    expect(error.isPermanent).toBe(true);
    expect(error.message).toContain("redirect (302) to http://169.254.169.254/latest/meta-data/");
    expect(server.received).toHaveLength(1);
  });

  it("fails transiently when the server does not answer in time", async () => {
    const server = await startServer(() => {});
    const error = await refusal(
      safeFetch(`http://127.0.0.1:${server.port}/`, { timeoutMs: 200 }, { allowPrivate: true }),
    );
    expect(error.isPermanent).toBe(false);
    expect(error.message).toBe(`127.0.0.1:${server.port} did not answer within 0.2 seconds.`);
  });

  it("fails transiently when the connection is refused", async () => {
    const server = await startServer(() => {});
    const port = server.port;
    await closers.pop()!();
    const error = await refusal(safeFetch(`http://127.0.0.1:${port}/`, {}, { allowPrivate: true }));
    expect(error.isPermanent).toBe(false);
    expect(error.message).toContain("refused the connection");
  });

  it("rejects reading an answer larger than the cap", async () => {
    const server = await startServer((_req, res) => res.end("x".repeat(5000)));
    const url = `http://127.0.0.1:${server.port}/`;
    const small = await safeFetch(url, { maxBodyBytes: 5000 }, { allowPrivate: true });
    expect(await small.text()).toHaveLength(5000);
    const large = await safeFetch(url, { maxBodyBytes: 1000 }, { allowPrivate: true });
    const error = await refusal(large.text());
    expect(error.message).toContain("larger than 1000 bytes");
  });
});
