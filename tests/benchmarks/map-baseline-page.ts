// The map benchmark's baseline, run in the browser: MapLibre alone drawing the map page's style,
// world outline and located contacts at the same place, with none of the app around it.
// map.bench.ts bundles it and serves it beside the app.
import * as maplibregl from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { contactDisplayName } from "../../src/core/contact-display";
import type { ContactList } from "../../src/core/contact-list-schema";
import { pointOf } from "../../src/core/map";
import { countriesForGlobe, loadCountries } from "../../src/web/features/map/lib/basemap";
import { offlineStyle, type MapPoint } from "../../src/web/features/map/lib/map-layers";
import { readPalette } from "../../src/web/features/map/lib/map-palette";

maplibregl.setWorkerUrl(workerUrl);
maplibregl.prewarm();
const [countries, list] = await Promise.all([
  loadCountries().then(countriesForGlobe),
  fetch("/api/contacts").then((res) => res.json() as Promise<ContactList>),
]);
const points: MapPoint[] = [];
for (const c of list.items) {
  const point = pointOf(c);
  if (point)
    points.push({ id: c.id, name: contactDisplayName(c), state: c.state, people: 1, ...point });
}
const container = document.querySelector<HTMLElement>('[data-testid="globe"]')!;
const map = new maplibregl.Map({
  container,
  style: offlineStyle(readPalette(false), countries, points),
  center: [-9.14, 38.72],
  zoom: 2,
  attributionControl: false,
  fadeDuration: 0,
});
Object.defineProperty(container, "maplibreMap", { value: map });
