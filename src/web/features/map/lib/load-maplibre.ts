// MapLibre, a chunk of its own, loaded once per page load with its worker started at once (the
// worker loads and parses while the rest of the page does).
import type * as MapLibre from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";

let loadingMapLibre: Promise<typeof MapLibre> | null = null;

export function loadMapLibre(): Promise<typeof MapLibre> {
  loadingMapLibre ??= import("maplibre-gl")
    .then((maplibregl) => {
      maplibregl.setWorkerUrl(workerUrl);
      maplibregl.prewarm();
      return maplibregl;
    })
    .catch((error: unknown) => {
      loadingMapLibre = null;
      throw error;
    });
  return loadingMapLibre;
}
