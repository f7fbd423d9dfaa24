// A local stand-in for Google's OAuth endpoints (the consent page and the token exchange), for a
// server started with GOOGLE_OAUTH_URL pointing at it. The consent page agrees at once and sends
// the browser back with a code; the token exchange refuses every code, as Google does with an
// expired or reused one.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_GOOGLE_CLIENT_ID = "fake-google-client.apps.example";
export const FAKE_GOOGLE_CLIENT_SECRET = "fake-google-client-secret";

export type GoogleFake = {
  /** GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_OAUTH_URL for the app under test. */
  env: Record<string, string>;
  /** Method and path of every request received, in order. */
  requests: string[];
  close: () => Promise<void>;
};

export async function startGoogleFake(): Promise<GoogleFake> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.google");
    requests.push(`${req.method} ${url.pathname}`);
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", "fake-authorization-code");
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === "POST" && url.pathname === "/token") {
      req.resume();
      req.on("end", () => {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "invalid_grant", error_description: "Bad Request" }));
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT_SECRET,
      GOOGLE_OAUTH_URL: `http://127.0.0.1:${port}`,
    },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
