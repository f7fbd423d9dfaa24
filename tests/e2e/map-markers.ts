// What the globe draws, read from MapLibre for the map specs.
import type { Page } from "@playwright/test";

export type MapFeature = { x: number; y: number; count: number; name?: string };

/**
 * Markers and clusters drawn on the globe, with their position on the page and how many people
 * each holds: the source's features at this zoom, kept when a click at their point hits our
 * layers (MapLibre's globe answers point queries of circle layers, not whole-viewport ones).
 */
export async function renderedMarkers(page: Page): Promise<MapFeature[]> {
  return page.getByTestId("globe").evaluate((el) => {
    type Feature = {
      geometry: { coordinates: [number, number] };
      properties: Record<string, unknown>;
    };
    type Point = { x: number; y: number };
    const map = (el as unknown as { maplibreMap: unknown }).maplibreMap as {
      querySourceFeatures: (source: string) => Feature[];
      queryRenderedFeatures: (p: Point, o: { layers: string[] }) => Feature[];
      project: (c: [number, number]) => Point;
    };
    const box = el.getBoundingClientRect();
    const seen = new Set<string>();
    return map
      .querySourceFeatures("contacts")
      .filter((f) => {
        const key = String(f.properties.cluster_id ?? f.properties.id);
        if (seen.has(key)) return false;
        seen.add(key);
        const p = map.project(f.geometry.coordinates);
        if (p.x < 0 || p.y < 0 || p.x > box.width || p.y > box.height) return false;
        return map.queryRenderedFeatures(p, { layers: ["contact-markers"] }).length > 0;
      })
      .map((f) => {
        const p = map.project(f.geometry.coordinates);
        return {
          x: box.left + p.x,
          y: box.top + p.y,
          count: Number(f.properties.people ?? 1),
          name: f.properties.name as string | undefined,
        };
      });
  });
}
