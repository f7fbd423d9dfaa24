import { describe, expect, it } from "vitest";
import { findSharedPlaces, placeMarkers } from "./household-places";

const PARIS = { latitude: 48.8566, longitude: 2.3522 };
/** About 3 km from the centre of Paris. */
const MONTMARTRE = { latitude: 48.8867, longitude: 2.3431 };
const LYON = { latitude: 45.764, longitude: 4.8357 };

function contact(
  id: string,
  createdAt: string,
  place: { latitude: number; longitude: number } | null,
) {
  return { id, createdAt, latitude: place?.latitude ?? null, longitude: place?.longitude ?? null };
}

const sam = contact("sam", "2026-01-02T00:00:00Z", MONTMARTRE);
const jo = contact("jo", "2026-01-01T00:00:00Z", PARIS);
const max = contact("max", "2026-01-03T00:00:00Z", LYON);
const eve = contact("eve", "2026-01-04T00:00:00Z", null);
const carters = {
  id: "h1",
  name: "The Carters",
  members: [{ id: "sam" }, { id: "jo" }, { id: "max" }, { id: "eve" }],
};

describe("findSharedPlaces", () => {
  it("puts members close together at the oldest one's place, and leaves the far and the unplaced out", () => {
    const shared = findSharedPlaces([sam, jo, max, eve], [carters]);
    const place = {
      key: "jo",
      household: { id: "h1", name: "The Carters" },
      at: { lng: PARIS.longitude, lat: PARIS.latitude },
    };
    expect(shared.get("sam")).toEqual(place);
    expect(shared.get("jo")).toEqual(place);
    expect(shared.has("max")).toBe(false);
    expect(shared.has("eve")).toBe(false);
  });

  it("gives two members living together elsewhere a shared place of their own", () => {
    const kid = contact("kid", "2026-01-05T00:00:00Z", LYON);
    const shared = findSharedPlaces(
      [sam, jo, max, kid],
      [{ ...carters, members: [...carters.members, { id: "kid" }] }],
    );
    expect(shared.get("kid")?.key).toBe("max");
    expect(shared.get("max")?.key).toBe("max");
    expect(shared.get("sam")?.key).toBe("jo");
  });

  it("shares nothing for a household of one placed person, or members who are not loaded", () => {
    expect(findSharedPlaces([sam], [carters]).size).toBe(0);
  });
});

describe("placeMarkers", () => {
  it("draws one marker for the household's people at its place and one for anyone else", () => {
    const shared = findSharedPlaces([sam, jo, max], [carters]);
    const markers = placeMarkers([sam, jo, max, eve], shared);
    expect(markers).toEqual([
      {
        key: "jo",
        at: { lng: PARIS.longitude, lat: PARIS.latitude },
        memberIds: ["jo", "sam"],
        household: { id: "h1", name: "The Carters" },
      },
      {
        key: "max",
        at: { lng: LYON.longitude, lat: LYON.latitude },
        memberIds: ["max"],
        household: null,
      },
    ]);
  });

  it("shows one member the filter lets through alone, at the household's place", () => {
    const shared = findSharedPlaces([sam, jo], [carters]);
    expect(placeMarkers([sam], shared)).toEqual([
      {
        key: "jo",
        at: { lng: PARIS.longitude, lat: PARIS.latitude },
        memberIds: ["sam"],
        household: null,
      },
    ]);
  });
});
