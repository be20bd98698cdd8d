import { XMLParser } from 'fast-xml-parser';

/**
 * Safe reading of statement XML with fast-xml-parser: elements by local name (namespace prefixes
 * dropped, so every camt.053 version reads alike), text kept as strings (an amount never passes
 * through a float), and no entity expansion by the library at all. Callers refuse DOCTYPE and
 * ENTITY declarations before parsing; the five predefined entities and character references are
 * decoded here, in one pass, so nothing user-defined can expand (no XXE, no billion laughs).
 */

/** A parsed element: a string for text-only elements, an object otherwise, or undefined. */
export type XmlNode = unknown;

const TEXT = '#text';
const ATTRIBUTE_PREFIX = '@';

/** One parser per set of repeated names: building one costs more than parsing a statement entry. */
const parsers = new WeakMap<ReadonlySet<string>, XMLParser>();

/** Parses well-formed XML (throws with line and column otherwise). `repeated` elements are always arrays. */
export function parseXml(xml: string, repeated: ReadonlySet<string>): Record<string, XmlNode> {
  let parser = parsers.get(repeated);
  if (!parser) {
    parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: ATTRIBUTE_PREFIX,
      removeNSPrefix: true,
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: true,
      processEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      isArray: (name) => repeated.has(name),
    });
    parsers.set(repeated, parser);
  }
  return parser.parse(xml, true) as Record<string, XmlNode>;
}

function isObject(node: XmlNode): node is Record<string | symbol, unknown> {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** Every child element of that name (an array element gives all its items). */
export function children(node: XmlNode, name: string): XmlNode[] {
  if (!isObject(node) || !Object.hasOwn(node, name)) return [];
  const value = node[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [value];
}

/** The first element down a path of local names: at(ntry, 'BookgDt', 'DtTm'). */
export function at(node: XmlNode, ...path: string[]): XmlNode {
  let current = node;
  for (const name of path) current = children(current, name)[0];
  return current;
}

/** The element's text, decoded and trimmed; undefined when absent or holding elements only. */
export function text(node: XmlNode): string | undefined {
  if (typeof node === 'string') return decode(node);
  if (isObject(node) && typeof node[TEXT] === 'string') return decode(node[TEXT]);
  return undefined;
}

/** The first of several paths that has non-empty text. */
export function firstText(node: XmlNode, ...paths: string[][]): string | undefined {
  for (const path of paths) {
    const value = text(at(node, ...path));
    if (value) return value;
  }
  return undefined;
}

export function attribute(node: XmlNode, name: string): string | undefined {
  const value = isObject(node) ? node[ATTRIBUTE_PREFIX + name] : undefined;
  return typeof value === 'string' ? decode(value) : undefined;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g;

function decode(value: string): string {
  return value.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return PREDEFINED[name] ?? whole;
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
