import { describe, expect, it } from "vitest";
import { parseVcardProperties } from "./import/vcard-parse";
import {
  canonicalRelationship,
  describeRelationship,
  inverseRelationshipType,
  normalizeRelationshipType,
  readRelated,
  readRelatedCell,
  relatedLine,
  writeRelatedCell,
} from "./relationships";

describe("relationship wording", () => {
  it("reads asymmetric types inverted from the other side, the rest as they are", () => {
    expect(
      [
        "parent",
        "child",
        "manager",
        "report",
        "partner",
        "sibling",
        "family",
        "friend",
        "colleague",
        "godparent",
      ].map(inverseRelationshipType),
    ).toEqual([
      "child",
      "parent",
      "report",
      "manager",
      "partner",
      "sibling",
      "family",
      "friend",
      "colleague",
      "godparent",
    ]);
  });

  it("tidies types: ours in any case, a word of the user's as given", () => {
    expect(normalizeRelationshipType(" Partner ")).toBe("partner");
    expect(normalizeRelationshipType("  God   Parent ")).toBe("God Parent");
    expect(normalizeRelationshipType("\u0007")).toBe("");
  });

  it('says "Jo — Sam’s partner"', () => {
    expect(describeRelationship({ otherName: "Jo", contactName: "Sam", type: "partner" })).toBe(
      "Jo — Sam’s partner",
    );
    expect(describeRelationship({ otherName: "Sam", contactName: "Chris", type: "child" })).toBe(
      "Sam — Chris’ child",
    );
  });

  it("stores a link once, lower id first, with the type read from that side", () => {
    expect(canonicalRelationship({ contactId: "b", relatedId: "a", type: "parent" })).toEqual({
      contactId: "a",
      relatedId: "b",
      type: "child",
    });
    expect(canonicalRelationship({ contactId: "a", relatedId: "b", type: "parent" })).toEqual({
      contactId: "a",
      relatedId: "b",
      type: "parent",
    });
  });
});

describe("vCard RELATED", () => {
  const read = (line: string) => {
    const [card] = parseVcardProperties(`BEGIN:VCARD\r\nVERSION:4.0\r\n${line}\r\nEND:VCARD\r\n`);
    const property = card!.find((p) => p.name === "RELATED")!;
    return readRelated({ params: property.params, value: property.value.replace(/\\,/g, ",") });
  };

  it("writes ours as vCard types, the others with our word beside them", () => {
    expect(relatedLine({ type: "partner", uid: "urn:uuid:1" })).toBe(
      "RELATED;TYPE=spouse:urn:uuid:1",
    );
    expect(relatedLine({ type: "family", name: "Jo, Smith" })).toBe(
      "RELATED;VALUE=text;TYPE=kin:Jo\\, Smith",
    );
    expect(relatedLine({ type: "manager", uid: "urn:uuid:2" })).toBe(
      "RELATED;TYPE=contact;X-TEND-RELATION=manager:urn:uuid:2",
    );
  });

  it("reads back what it writes, and other apps' types", () => {
    for (const ref of [
      { type: "partner", uid: "urn:uuid:0b7c9c2e-4a3b-4c1d-9e8f-1a2b3c4d5e6f" },
      { type: "report", uid: "urn:uuid:0b7c9c2e-4a3b-4c1d-9e8f-1a2b3c4d5e6f" },
      { type: "godparent", name: "Jo Smith" },
    ]) {
      expect(read(relatedLine(ref))).toEqual(ref);
    }
    expect(read("RELATED;TYPE=co-worker:urn:uuid:x")).toEqual({
      type: "colleague",
      uid: "urn:uuid:x",
    });
    expect(read("RELATED;TYPE=neighbor;VALUE=text:Ann")).toEqual({ type: "neighbor", name: "Ann" });
    expect(read("RELATED;TYPE=friend:https://example.com/ann")).toBeNull();
    expect(read("RELATED;TYPE=friend:mailto:ann@example.com")).toBeNull();
    expect(read("RELATED;VALUE=text;TYPE=friend: ")).toBeNull();
  });

  it("keeps a card's links in one import cell and reads them back", () => {
    const refs = [
      { type: "partner", uid: "urn:uuid:abc" },
      { type: "friend", name: "Jo Smith" },
    ];
    expect(readRelatedCell(writeRelatedCell(refs))).toEqual(refs);
    expect(readRelatedCell("no colon here; : nobody")).toEqual([]);
  });
});
