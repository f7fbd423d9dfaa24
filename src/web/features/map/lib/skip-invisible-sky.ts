// The globe's invisible sky and atmosphere, not drawn (decision 206).
import type { Map as MapLibreMap } from "maplibre-gl";

/**
 * MapLibre draws a sky and an atmosphere on every frame of a globe, also when neither shows: the
 * offline style sets no sky, so the sky's colours are transparent and the atmosphere's blend is
 * 0. That is a full-screen pass per frame and two shader programs compiled before the first
 * frame, all on the CPU with software WebGL (decision 206). Each is skipped while it would draw
 * nothing; a vendor style with a visible sky draws it as before. `painter.drawFunctions` is
 * MapLibre's own table (pinned version); without it nothing changes.
 */
type SkyColour = { a: number };
type SkyValues = Record<string, SkyColour | number | undefined>;
type FrameContext = { data?: { sky?: SkyValues } };
type DrawFunction = (mesh: unknown, frame: FrameContext) => void;

function isTransparent(value: SkyColour | number | undefined): boolean {
  return typeof value === "object" && value.a === 0;
}

export function skipInvisibleSky(map: MapLibreMap): void {
  const painter = (map as unknown as { painter?: { drawFunctions?: Record<string, DrawFunction> } })
    .painter;
  const draw = painter?.drawFunctions;
  const drawSky = draw?.sky;
  const drawAtmosphere = draw?.atmosphere;
  if (!painter || !draw || !drawSky || !drawAtmosphere) return;
  painter.drawFunctions = {
    ...draw,
    sky: (mesh, frame) => {
      const sky = frame.data?.sky;
      const isInvisible =
        sky !== undefined &&
        isTransparent(sky["sky-color"]) &&
        isTransparent(sky["horizon-color"]) &&
        isTransparent(sky["fog-color"]);
      if (!isInvisible) drawSky(mesh, frame);
    },
    atmosphere: (mesh, frame) => {
      if (frame.data?.sky?.["atmosphere-blend"] !== 0) drawAtmosphere(mesh, frame);
    },
  };
}
