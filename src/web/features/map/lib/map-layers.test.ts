import { describe, expect, it } from "vitest";
import { contactsSource, pointsToGeoJson, urgencyOf } from "./map-layers";

describe("the contacts on the map", () => {
  it("ranks states by urgency, so a cluster's highest is its most urgent member", () => {
    expect((["no_rhythm", "on_track", "due_soon", "overdue"] as const).map(urgencyOf)).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it("gives each point its urgency and people, merging clusters by the highest and the sum", () => {
    const [feature] = pointsToGeoJson([
      { id: "a", name: "Ana", state: "due_soon", lng: -9.14, lat: 38.72, people: 2 },
    ]).features;
    expect(feature?.properties).toEqual({
      id: "a",
      name: "Ana",
      state: "due_soon",
      urgency: 2,
      people: 2,
    });
    expect(contactsSource([])).toMatchObject({
      cluster: true,
      clusterProperties: {
        urgency: ["max", ["get", "urgency"]],
        people: ["+", ["get", "people"]],
      },
    });
  });
});
