// Which vCard version a phone gets: the one its REPORT's address-data or its GET's Accept names,
// else 3.0, CardDAV's default (RFC 6352), which iOS and macOS read best. DAVx⁵ and others name
// 4.0 when the book offers it.
import type { VcardVersion } from "../../../core/import/vcard-write";
import { DavError } from "./dav-error";
import { findChild, NS, type PropName, type XmlElement } from "./dav-xml";

const SUPPORTED_DATA: PropName = { ns: NS.carddav, name: "supported-address-data" };

/** The vCard version a request's address-data asks for (its attributes' default is 3.0). */
export function readAddressDataVersion(root: XmlElement | null): VcardVersion {
  const data = findChild(findChild(root, NS.dav, "prop"), NS.carddav, "address-data");
  const type = data?.attributes["content-type"]?.trim().toLowerCase();
  const version = data?.attributes.version?.trim();
  if ((type && type !== "text/vcard") || (version && version !== "3.0" && version !== "4.0")) {
    throw new DavError(
      403,
      "Cards are served as text/vcard, version 3.0 or 4.0: ask for one of those.",
      SUPPORTED_DATA,
    );
  }
  return version === "4.0" ? "4.0" : "3.0";
}

/**
 * The version a GET's Accept prefers among its text/vcard entries: the highest q, a named
 * version before none ("text/vcard;q=0.9, text/vcard;version=4.0" is 4.0).
 */
export function readAcceptedVersion(accept: string | undefined): VcardVersion {
  const entries = (accept ?? "").split(",").flatMap((entry, index) => {
    const [type = "", ...params] = entry.split(";").map((p) => p.trim());
    if (type.toLowerCase() !== "text/vcard") return [];
    const param = (name: string) =>
      params
        .find((p) => p.toLowerCase().startsWith(`${name}=`))
        ?.slice(name.length + 1)
        .replace(/"/g, "");
    const q = Number(param("q") ?? "1");
    return Number.isFinite(q) && q > 0 ? [{ q, version: param("version"), index }] : [];
  });
  entries.sort((a, b) => b.q - a.q || Number(!b.version) - Number(!a.version) || a.index - b.index);
  return entries[0]?.version === "4.0" ? "4.0" : "3.0";
}
