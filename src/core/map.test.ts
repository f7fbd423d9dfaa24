import { describe, expect, it } from "vitest";
import {
  chooseStartPosition,
  clampRadiusKm,
  distanceKm,
  estimateLocalTime,
  estimateUtcOffset,
  isValidCoordinate,
  itemsWithin,
  spinDegreesPerSecond,
  styleTierForZoom,
  tileCacheSizeFor,
  TIME_ZONE_CENTRES,
  COUNTRY_CENTRES,
} from "./map";

describe("isValidCoordinate (spec 02 §5)", () => {
  it("takes latitude -90..90 and longitude -180..180, edges included", () => {
    expect(isValidCoordinate(90, 180)).toBe(true);
    expect(isValidCoordinate(-90, -180)).toBe(true);
    expect(isValidCoordinate(0, 0)).toBe(true);
  });
  it("refuses out of range, missing and non-finite values", () => {
    expect(isValidCoordinate(90.0001, 0)).toBe(false);
    expect(isValidCoordinate(0, -180.5)).toBe(false);
    expect(isValidCoordinate(null, 10)).toBe(false);
    expect(isValidCoordinate(10, undefined)).toBe(false);
    expect(isValidCoordinate(Number.NaN, 0)).toBe(false);
    expect(isValidCoordinate(0, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe("time zone estimate (spec 02 §9)", () => {
  it("is longitude / 15, rounded", () => {
    expect(estimateUtcOffset(0)).toBe(0);
    expect(estimateUtcOffset(-9.14)).toBe(-1); // Lisbon: -0.61 → -1
    expect(estimateUtcOffset(139.69)).toBe(9); // Tokyo
    expect(estimateUtcOffset(-74)).toBe(-5); // New York
    expect(estimateUtcOffset(7.4)).toBe(0);
    expect(estimateUtcOffset(7.6)).toBe(1);
  });
  it("is clamped to -12..12 and never -0", () => {
    expect(estimateUtcOffset(180)).toBe(12);
    expect(estimateUtcOffset(-180)).toBe(-12);
    expect(estimateUtcOffset(179)).toBe(12);
    expect(Object.is(estimateUtcOffset(-1), 0)).toBe(true);
  });
  it("shows the local time with its offset", () => {
    const now = new Date("2026-03-01T23:30:00Z");
    const at = (lng: number) => {
      const { wallClock, zone } = estimateLocalTime(lng, now);
      return `${wallClock.toISOString().slice(11, 16)} (${zone})`;
    };
    expect(at(139.69)).toBe("08:30 (UTC+9)");
    expect(at(-74)).toBe("18:30 (UTC−5)");
    expect(at(0)).toBe("23:30 (UTC)");
  });
});

describe("start position (spec 02 §9)", () => {
  it("uses the profile location at zoom 2 first", () => {
    const start = chooseStartPosition({
      profile: { latitude: 38.72, longitude: -9.14 },
      timeZone: "Asia/Tokyo",
      locale: "en-GB",
    });
    expect(start).toEqual({ center: { lng: -9.14, lat: 38.72 }, zoom: 2, source: "profile" });
  });
  it("guesses from the browser time zone at zoom 3 when the profile has no valid place", () => {
    const start = chooseStartPosition({
      profile: { latitude: 120, longitude: 10 },
      timeZone: "Asia/Tokyo",
      locale: "en-GB",
    });
    expect(start).toEqual({
      center: TIME_ZONE_CENTRES["Asia/Tokyo"],
      zoom: 3,
      source: "time-zone",
    });
  });
  it("falls back to the country of the browser's language at zoom 4", () => {
    const start = chooseStartPosition({ profile: null, timeZone: "Africa/Lagos", locale: "de-DE" });
    expect(start).toEqual({ center: COUNTRY_CENTRES.DE, zoom: 4, source: "country" });
  });
  it("shows the world when nothing is known", () => {
    expect(chooseStartPosition({ profile: null, timeZone: "UTC", locale: "en" }).source).toBe(
      "world",
    );
    expect(chooseStartPosition({ profile: null, locale: "not a locale!" }).source).toBe("world");
  });
  it("has the tables the spec sizes: 11 time zones, about 10 countries", () => {
    expect(Object.keys(TIME_ZONE_CENTRES)).toHaveLength(11);
    expect(Object.keys(COUNTRY_CENTRES).length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(COUNTRY_CENTRES).length).toBeLessThanOrEqual(12);
  });
});

describe("motion and style tiers (spec 02 §9)", () => {
  it("spins a revolution in 120 s up to zoom 3, slower to zoom 5, then not at all", () => {
    expect(spinDegreesPerSecond(0)).toBe(3);
    expect(spinDegreesPerSecond(3)).toBe(3);
    expect(spinDegreesPerSecond(4)).toBeCloseTo(1.5);
    expect(spinDegreesPerSecond(5)).toBe(0);
    expect(spinDegreesPerSecond(9)).toBe(0);
  });
  it("picks the style and tile cache by zoom", () => {
    expect(styleTierForZoom(11.99)).toBe("base");
    expect(styleTierForZoom(12)).toBe("streets");
    expect(styleTierForZoom(13.99)).toBe("streets");
    expect(styleTierForZoom(14)).toBe("satellite");
    expect(tileCacheSizeFor("base")).toBe(500);
    expect(tileCacheSizeFor("streets")).toBe(750);
    expect(tileCacheSizeFor("satellite")).toBe(1000);
  });
});

describe("travel mode distance and radius", () => {
  const lisbon = { lng: -9.1393, lat: 38.7223 };
  it("measures great-circle distance", () => {
    // Lisbon–Porto ≈ 274 km; Lisbon–Madrid ≈ 503 km.
    expect(distanceKm(lisbon, { lng: -8.611, lat: 41.1496 })).toBeGreaterThan(270);
    expect(distanceKm(lisbon, { lng: -8.611, lat: 41.1496 })).toBeLessThan(280);
    expect(distanceKm(lisbon, { lng: -3.7038, lat: 40.4168 })).toBeCloseTo(503, -1);
    expect(distanceKm(lisbon, lisbon)).toBe(0);
  });
  it("keeps the radius in 25–500 km", () => {
    expect(clampRadiusKm(5)).toBe(25);
    expect(clampRadiusKm(800)).toBe(500);
    expect(clampRadiusKm(120.4)).toBe(120);
    expect(clampRadiusKm(Number.NaN)).toBe(25);
  });
  it("lists who lives within the radius, nearest first, skipping invalid places", () => {
    const people = [
      { name: "Porto", latitude: 41.1496, longitude: -8.611 },
      { name: "Sintra", latitude: 38.8029, longitude: -9.3817 },
      { name: "Madrid", latitude: 40.4168, longitude: -3.7038 },
      { name: "Nowhere", latitude: null, longitude: null },
      { name: "Broken", latitude: 95, longitude: -9.14 },
      { name: "Lisbon", latitude: 38.7223, longitude: -9.1393 },
    ];
    expect(itemsWithin(people, lisbon, 300).map((r) => r.item.name)).toEqual([
      "Lisbon",
      "Sintra",
      "Porto",
    ]);
    expect(itemsWithin(people, lisbon, 25).map((r) => r.item.name)).toEqual(["Lisbon", "Sintra"]);
    // The radius is capped at 500 km: Madrid (≈ 503 km) stays out.
    expect(itemsWithin(people, lisbon, 10_000).map((r) => r.item.name)).not.toContain("Madrid");
    expect(itemsWithin(people, { lng: -3.8, lat: 40.4 }, 25).map((r) => r.item.name)).toEqual([
      "Madrid",
    ]);
  });
});
