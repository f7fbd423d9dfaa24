// A stand-in for Mapbox's geocoding API (v5 "mapbox.places"), for tests of GEOCODER=mapbox:
// answers one Lisbon feature, or fails, or is too slow, as the test sets it.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type MapboxFakeMode = "ok" | "error" | "slow";

export async function startMapboxFake() {
  let mode: MapboxFakeMode = "ok";
  const requests: URL[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push(url);
    if (mode === "error") {
      res.writeHead(500).end("{}");
      return;
    }
    const answer = () =>
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          type: "FeatureCollection",
          features: [
            {
              id: "place.123",
              place_type: ["place"],
              text: "Lisboa",
              place_name: "Lisboa, Lisbon District, Portugal",
              center: [-9.1393, 38.7223],
              context: [
                { id: "region.9", text: "Lisbon District" },
                { id: "country.7", text: "Portugal", short_code: "pt" },
              ],
            },
          ],
        }),
      );
    if (mode === "slow") setTimeout(answer, 4_000);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next: MapboxFakeMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
