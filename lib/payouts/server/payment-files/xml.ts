// Owns reading and writing the XML of the bank's messages: a writer that escapes every text (element order is the
// caller's), and the one parser configuration, which leaves every value a string — an identifier or an amount never
// becomes a JavaScript number (fast-xml-parser's `parseTagValue` and `parseAttributeValue` off).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ApiError } from '@/lib/platform/errors/api-error';

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** `<name>text</name>`; null or undefined writes nothing (an optional element left out). */
export function leaf(name: string, text: string | null | undefined, attributes = ''): string {
  if (text === null || text === undefined || text === '') return '';
  return `<${name}${attributes}>${escapeXml(text)}</${name}>`;
}

export function node(name: string, ...children: string[]): string {
  const inner = children.join('');
  return inner === '' ? '' : `<${name}>${inner}</${name}>`;
}

/** ISO text types cap lengths (Max35Text, Max140Text): cut rather than be refused by the bank. */
export function maxText(text: string | null | undefined, length: number): string | null {
  if (text === null || text === undefined) return null;
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean.slice(0, length);
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  trimValues: true,
  processEntities: true,
  // Lists whatever their length: a report with one transaction reads like one with many.
  isArray: (name) => ARRAYS.has(name),
});
const ARRAYS = new Set([
  'OrgnlPmtInfAndSts',
  'TxInfAndSts',
  'StsRsnInf',
  'AddtlInf',
  'Ntfctn',
  'Ntry',
  'NtryDtls',
  'TxDtls',
]);

export type XmlNode = Record<string, unknown>;

/** Parses a report; malformed XML is a 400 `invalid_report` with the parser's line, nothing stored. */
export function parseXml(text: string): XmlNode {
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new ApiError(
      'bad_request',
      `file: not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`,
      { code: 'invalid_report', param: 'file' },
    );
  return parser.parse(text) as XmlNode;
}

/** The child at a path of element names, or undefined. */
export function at(nodeValue: unknown, ...path: string[]): unknown {
  let current: unknown = nodeValue;
  for (const name of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as XmlNode)[name];
  }
  return current;
}

/** The text at a path (an element with attributes keeps its text under `#text`). */
export function textAt(nodeValue: unknown, ...path: string[]): string | null {
  const value = at(nodeValue, ...path);
  if (typeof value === 'string') return value === '' ? null : value;
  if (value && typeof value === 'object' && typeof (value as XmlNode)['#text'] === 'string')
    return (value as XmlNode)['#text'] as string;
  return null;
}

/** The list at a path (the parser makes repeated elements arrays). */
export function listAt(nodeValue: unknown, ...path: string[]): XmlNode[] {
  const value = at(nodeValue, ...path);
  if (Array.isArray(value)) return value as XmlNode[];
  return value && typeof value === 'object' ? [value as XmlNode] : [];
}

/**
 * The namespace of the root `Document` (default or prefixed: `<Document xmlns="…">`, `<n:Document xmlns:n="…">`): the
 * parser drops namespace declarations with their prefixes, so the message is recognised from the text itself.
 */
export function documentNamespace(text: string): string | null {
  const root = /<(?:([A-Za-z_][\w.-]*):)?Document\b([^>]*)>/.exec(text);
  if (!root) return null;
  const prefix = root[1];
  const attribute = prefix ? `xmlns:${prefix}` : 'xmlns';
  const declared = new RegExp(`\\s${attribute.replaceAll('.', '\\.')}\\s*=\\s*["']([^"']+)["']`).exec(
    root[2] ?? '',
  );
  return declared?.[1] ?? null;
}
