// Region (admin-1) names for the gazetteer's admin codes where GeoNames' codes can be read
// without a lookup file: US states and Canadian provinces, with the postal codes people write
// after a city ("Arlington, VA", "London, ON"). Elsewhere the offline region is empty.
const US: Record<string, string> = {
  AK: "Alaska",
  AL: "Alabama",
  AR: "Arkansas",
  AZ: "Arizona",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DC: "District of Columbia",
  DE: "Delaware",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  IA: "Iowa",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  MA: "Massachusetts",
  MD: "Maryland",
  ME: "Maine",
  MI: "Michigan",
  MN: "Minnesota",
  MO: "Missouri",
  MS: "Mississippi",
  MT: "Montana",
  NC: "North Carolina",
  ND: "North Dakota",
  NE: "Nebraska",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NV: "Nevada",
  NY: "New York",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VA: "Virginia",
  VT: "Vermont",
  WA: "Washington",
  WI: "Wisconsin",
  WV: "West Virginia",
  WY: "Wyoming",
};

// GeoNames numbers Canada's provinces; the two letters are Canada Post's (PQ and NF are the
// older ones still found in address books).
const CA: Record<string, string> = {
  "01": "Alberta",
  "02": "British Columbia",
  "03": "Manitoba",
  "04": "New Brunswick",
  "05": "Newfoundland and Labrador",
  "07": "Nova Scotia",
  "08": "Ontario",
  "09": "Prince Edward Island",
  "10": "Quebec",
  "11": "Saskatchewan",
  "12": "Yukon",
  "13": "Northwest Territories",
  "14": "Nunavut",
};

const CA_POSTAL: Record<string, string[]> = {
  "01": ["AB"],
  "02": ["BC"],
  "03": ["MB"],
  "04": ["NB"],
  "05": ["NL", "NF", "Newfoundland"],
  "07": ["NS"],
  "08": ["ON"],
  "09": ["PE", "PEI"],
  "10": ["QC", "PQ"],
  "11": ["SK"],
  "12": ["YT"],
  "13": ["NT"],
  "14": ["NU"],
};

const BY_COUNTRY: Record<string, Record<string, string>> = { US, CA };

export function regionName(countryCode: string, adminCode: string): string | null {
  return BY_COUNTRY[countryCode]?.[adminCode] ?? null;
}

/** Every way a person writes this region: its name and its postal abbreviation(s). */
export function regionSpellings(countryCode: string, adminCode: string): string[] {
  const name = regionName(countryCode, adminCode);
  if (!name) return [];
  if (countryCode === "US") return [name, adminCode];
  return [name, ...(CA_POSTAL[adminCode] ?? [])];
}
