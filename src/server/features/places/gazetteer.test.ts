// The gazetteer against tricky place names: homonyms told apart by region or country, exonyms
// and local names, abbreviations, accents and case. Each must give this place, both in the place
// search (its first answer) and in the lookup that places imported contacts.
import { describe, expect, it } from "vitest";
import { findCountry, findPlace, searchGazetteer } from "./gazetteer";

// [what a person writes, the place's name, its country, its region where the gazetteer knows it]
const TRICKY: [string, string, string, string?][] = [
  ["Arlington, VA", "Arlington", "US", "Virginia"],
  ["Arlington, VA, USA", "Arlington", "US", "Virginia"],
  ["Arlington, Virginia", "Arlington", "US", "Virginia"],
  ["Arlington, TX", "Arlington", "US", "Texas"],
  ["Arlington, MA", "Arlington", "US", "Massachusetts"],
  ["Arlington", "Arlington", "US", "Texas"],
  ["Cologne", "Köln", "DE"],
  ["Cologne, Germany", "Köln", "DE"],
  ["Cologne, Italy", "Cologne", "IT"],
  ["Cologne, MN", "Cologne", "US", "Minnesota"],
  ["Köln", "Köln", "DE"],
  ["Koeln", "Köln", "DE"],
  ["KÖLN", "Köln", "DE"],
  ["München", "Munich", "DE"],
  ["Muenchen", "Munich", "DE"],
  ["munchen", "Munich", "DE"],
  ["Munich", "Munich", "DE"],
  ["Gothenburg", "Göteborg", "SE"],
  ["Gothenburg, Sweden", "Göteborg", "SE"],
  ["Gothenburg, NE", "Gothenburg", "US", "Nebraska"],
  ["Göteborg", "Göteborg", "SE"],
  ["Goteborg", "Göteborg", "SE"],
  ["København", "Copenhagen", "DK"],
  ["Kobenhavn", "Copenhagen", "DK"],
  ["Copenhagen", "Copenhagen", "DK"],
  ["Kyiv", "Kyiv", "UA"],
  ["Kiev", "Kyiv", "UA"],
  ["Kiev, Ukraine", "Kyiv", "UA"],
  ["Mumbai", "Mumbai", "IN"],
  ["Bombay", "Mumbai", "IN"],
  ["NYC", "New York City", "US", "New York"],
  ["New York", "New York City", "US", "New York"],
  ["New York, NY", "New York City", "US", "New York"],
  ["New York, United States", "New York City", "US", "New York"],
  ["New York, USA", "New York City", "US", "New York"],
  ["LA", "Los Angeles", "US", "California"],
  ["LA, California", "Los Angeles", "US", "California"],
  ["SF", "San Francisco", "US", "California"],
  ["San Francisco, CA", "San Francisco", "US", "California"],
  ["Washington, DC", "Washington, D.C.", "US", "District of Columbia"],
  ["Washington, D.C.", "Washington, D.C.", "US", "District of Columbia"],
  ["DC", "Washington, D.C.", "US", "District of Columbia"],
  ["Wien", "Vienna", "AT"],
  ["Vienna", "Vienna", "AT"],
  ["Vienna, VA", "Vienna", "US", "Virginia"],
  ["Praha", "Prague", "CZ"],
  ["Roma", "Rome", "IT"],
  ["Rome, GA", "Rome", "US", "Georgia"],
  ["Rome, Italy", "Rome", "IT"],
  ["Milano", "Milan", "IT"],
  ["Firenze", "Florence", "IT"],
  ["Florence, AL", "Florence", "US", "Alabama"],
  ["Napoli", "Naples", "IT"],
  ["Naples, FL", "Naples", "US", "Florida"],
  ["Venezia", "Venice", "IT"],
  ["Torino", "Turin", "IT"],
  ["Genova", "Genoa", "IT"],
  ["Lisboa", "Lisbon", "PT"],
  ["Lisbon", "Lisbon", "PT"],
  ["Oporto", "Porto", "PT"],
  ["Seville", "Sevilla", "ES"],
  ["Moskva", "Moscow", "RU"],
  ["Moscow", "Moscow", "RU"],
  ["Moscow, ID", "Moscow", "US", "Idaho"],
  ["Warszawa", "Warsaw", "PL"],
  ["Krakow", "Kraków", "PL"],
  ["Danzig", "Gdańsk", "PL"],
  ["Lodz", "Łódź", "PL"],
  ["Bruxelles", "Brussels", "BE"],
  ["Antwerp", "Antwerpen", "BE"],
  ["Ghent", "Gent", "BE"],
  ["Den Haag", "The Hague", "NL"],
  ["The Hague", "The Hague", "NL"],
  ["Geneva", "Genève", "CH"],
  ["Geneva, IL", "Geneva", "US", "Illinois"],
  ["Geneve", "Genève", "CH"],
  ["Zurich", "Zürich", "CH"],
  ["Zuerich", "Zürich", "CH"],
  ["Berne", "Bern", "CH"],
  ["Lucerne", "Luzern", "CH"],
  ["Nuremberg", "Nürnberg", "DE"],
  ["Hanover", "Hannover", "DE"],
  ["Frankfurt", "Frankfurt am Main", "DE"],
  ["Marseilles", "Marseille", "FR"],
  ["Aarhus", "Århus", "DK"],
  ["Helsingfors", "Helsinki", "FI"],
  ["Athina", "Athens", "GR"],
  ["Athens, GA", "Athens", "US", "Georgia"],
  ["Salonica", "Thessaloníki", "GR"],
  ["Bucuresti", "Bucharest", "RO"],
  ["Beograd", "Belgrade", "RS"],
  ["La Habana", "Havana", "CU"],
  ["Calcutta", "Kolkata", "IN"],
  ["Madras", "Chennai", "IN"],
  ["Bangalore", "Bengaluru", "IN"],
  ["Poona", "Pune", "IN"],
  ["Peking", "Beijing", "CN"],
  ["Saigon", "Ho Chi Minh City", "VN"],
  ["Rangoon", "Yangon", "MM"],
  ["Makkah", "Mecca", "SA"],
  ["Ciudad de Mexico", "Mexico City", "MX"],
  ["Quebec City", "Québec", "CA", "Quebec"],
  ["Quebec", "Québec", "CA", "Quebec"],
  ["Montreal", "Montréal", "CA", "Quebec"],
  ["Montreal, QC", "Montréal", "CA", "Quebec"],
  ["London", "London", "GB"],
  ["London, ON", "London", "CA", "Ontario"],
  ["London, Ontario, Canada", "London", "CA", "Ontario"],
  ["London, UK", "London", "GB"],
  ["London, England", "London", "GB"],
  ["Paris", "Paris", "FR"],
  ["Paris, TX", "Paris", "US", "Texas"],
  ["Paris, Texas", "Paris", "US", "Texas"],
  ["Paris, France", "Paris", "FR"],
  ["Springfield", "Springfield", "US", "Missouri"],
  ["Springfield, IL", "Springfield", "US", "Illinois"],
  ["Springfield, MA", "Springfield", "US", "Massachusetts"],
  ["Springfield, Missouri", "Springfield", "US", "Missouri"],
  ["Portland", "Portland", "US", "Oregon"],
  ["Portland, ME", "Portland", "US", "Maine"],
  ["Portland, Maine, USA", "Portland", "US", "Maine"],
  ["Columbus, GA", "Columbus", "US", "Georgia"],
  ["Kansas City, KS", "Kansas City", "US", "Kansas"],
  ["Kansas City", "Kansas City", "US", "Missouri"],
  ["Birmingham", "Birmingham", "GB"],
  ["Birmingham, AL", "Birmingham", "US", "Alabama"],
  ["Cambridge, MA", "Cambridge", "US", "Massachusetts"],
  ["Cambridge, ON", "Cambridge", "CA", "Ontario"],
  ["Saint Louis", "St. Louis", "US", "Missouri"],
  ["St Louis", "St. Louis", "US", "Missouri"],
  ["St. Petersburg", "Saint Petersburg", "RU"],
  ["St. Petersburg, FL", "St. Petersburg", "US", "Florida"],
  ["Saint Petersburg, Russia", "Saint Petersburg", "RU"],
  ["Sao Paulo", "São Paulo", "BR"],
  ["SAO PAULO", "São Paulo", "BR"],
  ["Zürich", "Zürich", "CH"],
  ["Reykjavik", "Reykjavík", "IS"],
  ["Malmo", "Malmö", "SE"],
  ["Lodz, Poland", "Łódź", "PL"],
  ["Dublin, CA", "Dublin", "US", "California"],
  ["Dublin, Ireland", "Dublin", "IE"],
  ["Tbilisi, Georgia", "Tbilisi", "GE"],
  ["Athens, Georgia", "Athens", "US", "Georgia"],
  ["Vancouver, WA", "Vancouver", "US", "Washington"],
  ["Vancouver, BC", "Vancouver", "CA", "British Columbia"],
  ["Halifax, NS", "Halifax", "CA", "Nova Scotia"],
  ["Victoria, BC", "Victoria", "CA", "British Columbia"],
  ["Kingston, ON", "Kingston", "CA", "Ontario"],
  ["Kingston, Jamaica", "Kingston", "JM"],
  ["Hamilton, ON", "Hamilton", "CA", "Ontario"],
  ["Hamilton, New Zealand", "Hamilton", "NZ"],
  ["Baton Rouge, LA", "Baton Rouge", "US", "Louisiana"],
  ["Como, VA, Italy", "Como", "IT"],
  ["Bath", "Bath", "GB"],
  ["Delhi", "Delhi", "IN"],
  ["Odessa, TX", "Odessa", "US", "Texas"],
  ["Odesa", "Odessa", "UA"],
  ["Lviv", "Lviv", "UA"],
  ["Lvov", "Lviv", "UA"],
  ["Kharkov", "Kharkiv", "UA"],
  ["Aachen", "Aachen", "DE"],
  ["Aix-la-Chapelle", "Aachen", "DE"],
  ["Mecca", "Mecca", "SA"],
  ["Tel Aviv-Yafo", "Tel Aviv", "IL"],
  ["Frankfurt am Main", "Frankfurt am Main", "DE"],
  ["Sevilla", "Sevilla", "ES"],
  ["Philly", "Philadelphia", "US", "Pennsylvania"],
  ["Braunschweig", "Braunschweig", "DE"],
];

describe("the gazetteer places %d tricky names where they are", () => {
  it.each(TRICKY)("%s → %s (%s %s)", (query, name, countryCode, region) => {
    const expected = { name, countryCode, region: region ?? null };
    const [first] = searchGazetteer({ q: query, limit: 5 });
    expect(first).toMatchObject(expected);
    expect(findPlace({ city: query })).toMatchObject(expected);
  });
});

describe("findPlace: an imported row's city, region and country", () => {
  it("narrows by the region and country columns", () => {
    const place = (city: string, region: string | null, country: string | null) =>
      findPlace({ city, region, country });
    expect(place("Arlington", "VA", "USA")).toMatchObject({ region: "Virginia" });
    expect(place("Arlington", "Virginia", "United States")).toMatchObject({ region: "Virginia" });
    expect(place("Cologne", null, "Germany")).toMatchObject({ name: "Köln", countryCode: "DE" });
    expect(place("Cologne", null, "Italy")).toMatchObject({ name: "Cologne", countryCode: "IT" });
    expect(place("Gothenburg", null, "Sweden")).toMatchObject({ countryCode: "SE" });
    expect(place("København", null, "Danmark")).toMatchObject({ name: "Copenhagen" });
    expect(place("London", "ON", "Canada")).toMatchObject({ countryCode: "CA" });
    // A region the gazetteer has no names for is read as such, not as the country it spells.
    expect(place("Como", "VA", "Italy")).toMatchObject({ name: "Como", countryCode: "IT" });
    expect(place("Munich", "Bavaria", "Germany")).toMatchObject({ name: "Munich" });
  });

  it("takes the country code when the country's name is not known", () => {
    expect(findPlace({ city: "Paris", country: "Frankreichh", countryCode: "FR" })).toMatchObject({
      countryCode: "FR",
    });
    expect(findPlace({ city: "Paris", countryCode: "US" })).toMatchObject({ region: "Texas" });
  });

  it("places nothing rather than the wrong town when the region or country has no such city", () => {
    expect(findPlace({ city: "Arlington", region: "DC" })).toBeUndefined();
    expect(findPlace({ city: "Gothenburg", country: "Norway" })).toBeUndefined();
    expect(findPlace({ city: "Xqzzvqk" })).toBeUndefined();
    expect(findPlace({ city: "Atlantis", country: "Narnia" })).toBeUndefined();
    expect(findPlace({ city: "  " })).toBeUndefined();
  });

  it("matches whole names only: a prefix is not a place", () => {
    expect(findPlace({ city: "Lisb" })).toBeUndefined();
    expect(findPlace({ city: "München" })).toMatchObject({ name: "Munich" });
  });
});

describe("searchGazetteer ranking", () => {
  it("puts a whole-name match above longer names, and the country within the given one", () => {
    const names = searchGazetteer({ q: "München", limit: 3 }).map((p) => p.name);
    expect(names[0]).toBe("Munich");
    expect(names).toContain("Münchenstein");
    const cologne = searchGazetteer({ q: "Cologne", limit: 3 }).map((p) => p.countryCode);
    expect(cologne).toEqual(["DE", "IT", "US"]);
    const inUs = searchGazetteer({ q: "Cologne, US", limit: 3 });
    expect(inUs.map((p) => p.countryCode)).toEqual(["US"]);
  });

  it("reads a qualifier still being typed as the start of a country or region", () => {
    expect(searchGazetteer({ q: "Arlington, Virg", limit: 1 })[0]).toMatchObject({
      region: "Virginia",
    });
    expect(searchGazetteer({ q: "Cologne, Germ", limit: 1 })[0]).toMatchObject({ name: "Köln" });
  });

  it("still finds countries by their other names", () => {
    expect(findCountry("Deutschland")).toMatchObject({ countryCode: "DE" });
    expect(searchGazetteer({ q: "Georgia", limit: 1 })[0]).toMatchObject({ type: "country" });
  });
});
