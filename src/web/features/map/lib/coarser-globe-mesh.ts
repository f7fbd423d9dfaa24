// Without a GPU, the land and its tile masks are cut into half as many cells per side on the
// globe (decision 213).
import type { Map as MapLibreMap } from "maplibre-gl";

/**
 * On a globe MapLibre cuts every fill polygon and every tile's stencil mask along a grid, so that
 * straight edges follow the sphere: 128 cells per side at zoom 0, halved at each zoom (2.8° a
 * cell). At zoom 2 that turns the 1:110m land into ~54,000 triangles, drawn every frame, and with
 * software WebGL it was half of what a moving frame cost (decision 213). Cells of 5.6° bend the
 * coast off the sphere by under half a pixel where it shows most, at the globe's edge at zoom 2,
 * and land in the middle of the view not at all; they halve the triangles.
 */
const FILL_CELLS_AT_ZOOM_0 = 64;
/** MapLibre's own lower bounds (fill 2, stencil 1), kept. */
const MIN_FILL_CELLS = 2;
const MIN_STENCIL_CELLS = 1;

type GranularityExpression = { getGranularityForZoomLevel: (zoom: number) => number };
type GranularityConstructor = new (base: number, min: number) => GranularityExpression;
type GranularitySetting = { fill: GranularityExpression; stencil: GranularityExpression };
type GlobeProjection = { _verticalPerspectiveProjection?: { subdivisionGranularity?: unknown } };

function isGranularitySetting(value: unknown): value is GranularitySetting {
  const setting = value as Partial<GranularitySetting> | undefined;
  return (
    typeof setting?.fill?.getGranularityForZoomLevel === "function" &&
    typeof setting.stencil?.getGranularityForZoomLevel === "function"
  );
}

/**
 * The globe's fill and stencil grids at FILL_CELLS_AT_ZOOM_0, for the tiles cut after this. The
 * two stay equal (MapLibre's rule: a fill's edge along its tile must meet the mask's). The setting
 * is one object for every globe on the page, reached through the style's projection (MapLibre's
 * own, pinned version) and built with MapLibre's class, which its worker messages know; without
 * it nothing changes. Set at each `style.load` (offline, a vendor's), before the style asks for
 * a tile.
 */
export function coarsenGlobeMesh(map: MapLibreMap): void {
  map.on("style.load", () => setCoarserGrid(map));
}

function setCoarserGrid(map: MapLibreMap): void {
  const projection = (map as unknown as { style?: { projection?: GlobeProjection } }).style
    ?.projection;
  const setting = projection?._verticalPerspectiveProjection?.subdivisionGranularity;
  if (!isGranularitySetting(setting)) return;
  const Expression = setting.fill.constructor as GranularityConstructor;
  setting.fill = new Expression(FILL_CELLS_AT_ZOOM_0, MIN_FILL_CELLS);
  setting.stencil = new Expression(FILL_CELLS_AT_ZOOM_0, MIN_STENCIL_CELLS);
}
