// Whatever a reply holds, the built-in reader answers within the contract and does not throw.
import { describe, expect, test } from "vitest";
import { ProposedActionSchema } from "../replies";
import { readReply } from "./read-reply";
import { inputOf } from "./replies-table-kit";

const NASTY = [
  "",
  "   \n\n  ",
  "🙂🙂🙂",
  "?!.,;",
  "Grace's new number is " + "1".repeat(500),
  "alan's email is " + "a".repeat(300) + "@example.org",
  "Had lunch with " + "Abcdefghij".repeat(40) + " yesterday",
  "Ada moved to " + "Verylongplacename".repeat(30),
  "Called Alan on 3 March 12345",
  "Snooze Grace until the year 99999",
  "Grace's birthday is 31 February",
  "Saw Alan on 0 December",
  "1 2 3 4 5 6 7 8 9 10 11 12 99 #0 #100",
  "with with with and and & & Mr. Dr. St.",
  "Grace ".repeat(2_000),
  "had coffee with grace yesterday. ".repeat(150),
  "\u0000\u0007Called\u202eAlan\u0085yesterday",
];

describe("readReply on odd input", () => {
  test.each(NASTY.map((t) => [t.slice(0, 40), t]))("%s", (_label, text) => {
    const actions = readReply(inputOf(text));
    for (const action of actions) expect(ProposedActionSchema.parse(action)).toEqual(action);
  });

  // How fast is for the benchmarks, not a test (a loaded machine is slow): a reply at the length
  // limit is read, and a pattern that backtracked without end would hang it past the timeout.
  test("a reply at the length limit is read", () => {
    const text = "Had coffee with Grace yesterday, she's moving to Lisbon. Called Alan. ".repeat(
      70,
    );
    expect(readReply(inputOf(text.slice(0, 5_000))).length).toBeGreaterThan(0);
  });
});
