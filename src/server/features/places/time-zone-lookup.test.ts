// The zone at a point, where a coarse lookup goes wrong: borders, small islands and the date line.
import { describe, expect, it } from "vitest";
import { lookUpTimeZone } from "./time-zone-lookup";

describe("the time zone at a point", () => {
  it.each([
    ["Apia, Samoa", -13.8333, -171.7667, "Pacific/Apia"],
    ["Pago Pago, American Samoa", -14.2794, -170.7009, "Pacific/Pago_Pago"],
    ["Tarawa, Kiribati (Gilberts)", 1.4518, 172.9717, "Pacific/Tarawa"],
    ["Kiritimati, Kiribati (Line Islands)", 1.8721, -157.4278, "Pacific/Kiritimati"],
    ["Detroit", 42.3314, -83.0458, "America/Detroit"],
    ["Windsor, across the river", 42.3149, -83.0364, "America/Toronto"],
    ["Tijuana", 32.5149, -117.0382, "America/Tijuana"],
    ["San Diego", 32.7157, -117.1611, "America/Los_Angeles"],
    ["Kathmandu", 27.7172, 85.324, "Asia/Kathmandu"],
    ["Chatham Islands", -43.9535, -176.5597, "Pacific/Chatham"],
  ])("%s", (_, latitude, longitude, zone) => {
    expect(lookUpTimeZone(latitude, longitude)).toBe(zone);
  });

  it("gives the nautical zone at sea and none without valid coordinates", () => {
    expect(lookUpTimeZone(0, -30)).toBe("Etc/GMT+2");
    expect(lookUpTimeZone(null, 10)).toBeNull();
    expect(lookUpTimeZone(95, 10)).toBeNull();
  });
});
