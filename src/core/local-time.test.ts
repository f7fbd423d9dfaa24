import { describe, expect, it } from "vitest";
import { localTimeOf, partOfDayAt } from "./local-time";

const AT = new Date("2026-12-03T23:10:00Z");

describe("a person's local time", () => {
  it("reads their own zone, summer time and odd offsets included", () => {
    expect(
      localTimeOf({ timeZone: "Europe/Lisbon", latitude: 38.7, longitude: -9.1 }, AT),
    ).toMatchObject({ timeZone: "Europe/Lisbon", isEstimate: false, hour: 23, partOfDay: "night" });
    // Nepal is UTC+5:45: 23:10 UTC is 04:55 there.
    expect(
      localTimeOf({ timeZone: "Asia/Kathmandu", latitude: null, longitude: null }, AT),
    ).toMatchObject({ hour: 4, partOfDay: "night" });
    // Chatham Islands, UTC+13:45 in December: 12:55 the next day.
    expect(
      localTimeOf({ timeZone: "Pacific/Chatham", latitude: null, longitude: null }, AT),
    ).toMatchObject({ hour: 12, partOfDay: "good" });
  });

  it("a real zone wins over the longitude estimate, which stays the fallback", () => {
    // Samoa sits at -172° but keeps UTC+13: the estimate (UTC−11) is a whole day off.
    const apia = { latitude: -13.83, longitude: -171.77 };
    expect(localTimeOf({ timeZone: "Pacific/Apia", ...apia }, AT)).toMatchObject({ hour: 12 });
    expect(localTimeOf({ timeZone: null, ...apia }, AT)).toMatchObject({
      timeZone: "Etc/GMT+11",
      isEstimate: true,
      hour: 12,
    });
    // Spec 02 §9: longitude / 15, rounded, clamped to -12..12; 0 reads as UTC.
    expect(localTimeOf({ timeZone: null, latitude: 0, longitude: 7 }, AT)?.timeZone).toBe("UTC");
    expect(localTimeOf({ timeZone: null, latitude: 0, longitude: 180 }, AT)?.timeZone).toBe(
      "Etc/GMT-12",
    );
    expect(localTimeOf({ timeZone: null, latitude: 0, longitude: 23 }, AT)).toMatchObject({
      timeZone: "Etc/GMT-2",
      hour: 1,
    });
  });

  it("an unknown stored zone falls back to the estimate; no zone and no place, no time", () => {
    expect(
      localTimeOf({ timeZone: "Mars/Olympus", latitude: 10, longitude: 30 }, AT),
    ).toMatchObject({ isEstimate: true, timeZone: "Etc/GMT-2" });
    expect(localTimeOf({ timeZone: null, latitude: null, longitude: null }, AT)).toBeNull();
  });

  it("'None' chosen by hand shows no clock, not even the estimate; a zone not chosen still falls back", () => {
    const place = { timeZone: null, latitude: 10, longitude: 30 };
    expect(localTimeOf({ ...place, isTimeZoneSetByHand: true }, AT)).toBeNull();
    expect(localTimeOf({ ...place, isTimeZoneSetByHand: false }, AT)).toMatchObject({
      isEstimate: true,
    });
  });

  it("09:00 to before 21:00 is a good time; night is 22:00 to before 07:00", () => {
    expect([8, 9, 20, 21, 22, 6, 7].map(partOfDayAt)).toEqual([
      "early",
      "good",
      "good",
      "late",
      "night",
      "night",
      "early",
    ]);
  });
});
