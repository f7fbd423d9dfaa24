// WebDAV's XML both ways: a request body read into elements named by namespace and local name
// (clients pick their own prefixes), and the multistatus answers written with fixed prefixes.
import { XMLParser, XMLValidator } from "fast-xml-parser";

export const NS = {
  dav: "DAV:",
  carddav: "urn:ietf:params:xml:ns:carddav",
  calendarServer: "http://calendarserver.org/ns/",
} as const;

export type XmlElement = {
  ns: string;
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
};

type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: true,
  // A request body is a few elements: no entity of its own, no doctype to expand.
  processEntities: true,
  htmlEntities: false,
});

export class DavXmlError extends Error {}

function toElement(node: OrderedNode, scope: Map<string, string>): XmlElement | null {
  const tag = Object.keys(node).find((key) => key !== ":@");
  if (!tag || tag === "#text" || tag.startsWith("?") || tag.startsWith("!")) return null;
  const attributes = node[":@"] ?? {};
  const own = new Map(scope);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "xmlns") own.set("", value);
    else if (key.startsWith("xmlns:")) own.set(key.slice(6), value);
  }
  const colon = tag.indexOf(":");
  const prefix = colon < 0 ? "" : tag.slice(0, colon);
  const ns = own.get(prefix);
  if (ns === undefined && prefix !== "")
    throw new DavXmlError(`The XML uses the prefix "${prefix}" without declaring it.`);
  const raw = (node[tag] as OrderedNode[] | undefined) ?? [];
  const children: XmlElement[] = [];
  let text = "";
  for (const child of raw) {
    if ("#text" in child) text += String(child["#text"]);
    else {
      const element = toElement(child, own);
      if (element) children.push(element);
    }
  }
  return { ns: ns ?? "", name: colon < 0 ? tag : tag.slice(colon + 1), attributes, children, text };
}

/** The body's root element, or null for an empty body; DavXmlError when it is not XML. */
export function parseDavXml(body: string): XmlElement | null {
  if (!body.trim()) return null;
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) throw new DavXmlError("The XML may not declare a DOCTYPE.");
  if (XMLValidator.validate(body) !== true) throw new DavXmlError("The body is not valid XML.");
  const nodes = parser.parse(body) as OrderedNode[];
  for (const node of nodes) {
    const element = toElement(node, new Map());
    if (element) return element;
  }
  throw new DavXmlError("The XML has no root element.");
}

export function findChild(parent: XmlElement | null | undefined, ns: string, name: string) {
  return parent?.children.find((c) => c.ns === ns && c.name === name);
}

export function findChildren(parent: XmlElement | null | undefined, ns: string, name: string) {
  return parent?.children.filter((c) => c.ns === ns && c.name === name) ?? [];
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

const PREFIXES: Record<string, string> = {
  [NS.dav]: "d",
  [NS.carddav]: "card",
  [NS.calendarServer]: "cs",
};

export type PropName = { ns: string; name: string };

/** A property element: known namespaces by their prefix, any other with its own xmlns. */
export function propElement(prop: PropName, inner = ""): string {
  const prefix = PREFIXES[prop.ns];
  if (prefix) {
    return inner
      ? `<${prefix}:${prop.name}>${inner}</${prefix}:${prop.name}>`
      : `<${prefix}:${prop.name}/>`;
  }
  const open = `x:${prop.name} xmlns:x="${escapeXml(prop.ns)}"`;
  return inner ? `<${open}>${inner}</x:${prop.name}>` : `<${open}/>`;
}

export type PropResult = { found: [PropName, string][]; missing: PropName[] };

export function responseXml(href: string, result: PropResult): string {
  const stats: string[] = [];
  if (result.found.length > 0) {
    stats.push(
      `<d:propstat><d:prop>${result.found.map(([p, v]) => propElement(p, v)).join("")}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>`,
    );
  }
  if (result.missing.length > 0) {
    stats.push(
      `<d:propstat><d:prop>${result.missing.map((p) => propElement(p)).join("")}</d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>`,
    );
  }
  return `<d:response><d:href>${escapeXml(href)}</d:href>${stats.join("")}</d:response>`;
}

export function statusResponseXml(href: string, status: string): string {
  return `<d:response><d:href>${escapeXml(href)}</d:href><d:status>HTTP/1.1 ${status}</d:status></d:response>`;
}

export function multistatusXml(responses: string[], extra = ""): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:card="${NS.carddav}" xmlns:cs="${NS.calendarServer}">${responses.join("")}${extra}</d:multistatus>`;
}

/** A precondition's error body (RFC 4918 §16), with a sentence for whoever reads the log. */
export function errorXml(condition: PropName, message: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:card="${NS.carddav}">${propElement(condition)}<d:responsedescription>${escapeXml(message)}</d:responsedescription></d:error>`;
}
