// How a household and its people are named in a line: free of zod, for the contacts screen.
/** "Sam", "Sam and Jo", "Sam, Jo and Max". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** "The Carters (Sam and Jo)": the household and the people in it a line is about. */
export function householdLabel(name: string, firstNames: readonly string[]): string {
  return `${name} (${joinNames(firstNames)})`;
}
