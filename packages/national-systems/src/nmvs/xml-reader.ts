/**
 * How the NMVS wire reads XML (wire.ts builds the SOAP messages, this file reads them): a document
 * checked for well-formedness by fast-xml-parser, then its namespaces resolved by hand (the parser
 * keeps prefixes), XML's five entities and character references expanded and any other entity
 * refused with the DOCTYPE that would declare it (SOAP forbids one), and a strict Reader that names
 * the path of what is missing or repeated. Every error is an NmvsWireError.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { NmvsWireError, show } from './wire-error.ts';

/** Characters XML 1.0 cannot carry. */
export const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** fast-xml-parser's ordered form: { name: children[], ':@': attributes }. */
type OrderedNode = Record<string, unknown>;

export interface XmlElement {
  namespace: string;
  name: string;
  /** Keyed `{namespace}name`; an unprefixed attribute has no namespace. */
  attributes: Map<string, string>;
  children: XmlElement[];
  text: string;
}

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const PREDEFINED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
const REFERENCE = /&(?:#x([0-9A-Fa-f]+)|#([0-9]+)|(lt|gt|amp|apos|quot));/g;

/** Expands XML 1.0's five entities and character references; anything else is an error. */
function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  if (text.replace(REFERENCE, '').includes('&'))
    throw new NmvsWireError("an '&' that is not one of XML's five entities or a character reference");
  return text.replace(REFERENCE, (_whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name) return PREDEFINED_ENTITIES[name] as string;
    const codePoint = hex ? parseInt(hex, 16) : Number(decimal);
    const character = codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\u0000';
    if (NOT_XML.test(character) || (codePoint >= 0xd800 && codePoint <= 0xdfff))
      throw new NmvsWireError(`character reference ${codePoint} is not an XML character`);
    return character;
  });
}

const xmlParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  entityDecoder: {
    decode: decodeReferences,
    // SOAP forbids a document type declaration (SOAP 1.2 part 1, 5): refusing it also refuses its entities.
    addInputEntities: () => {
      throw new NmvsWireError('a DOCTYPE is not allowed in a SOAP message');
    },
    setExternalEntities: () => {},
    reset: () => {},
    setXmlVersion: () => {},
  },
});

function resolve(qualified: string, scope: Map<string, string>, isAttribute: boolean): { namespace: string; name: string } {
  const colon = qualified.indexOf(':');
  if (colon < 0) return { namespace: isAttribute ? '' : (scope.get('') ?? ''), name: qualified };
  const prefix = qualified.slice(0, colon);
  const namespace = prefix === 'xml' ? XML_NAMESPACE : scope.get(prefix);
  if (namespace === undefined) throw new NmvsWireError(`the prefix of ${show(qualified)} is not declared`);
  return { namespace, name: qualified.slice(colon + 1) };
}

const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();
const isNamespaceDeclaration = (name: string) => name === 'xmlns' || name.startsWith('xmlns:');

/** The element's qualified name: the one key that is neither ':@' (attributes), text, a declaration nor a PI. */
function elementName(node: OrderedNode): string | undefined {
  for (const key in node) {
    if (key !== ':@' && key[0] !== '?' && key[0] !== '#') return key;
  }
  return undefined;
}

function toElement(raw: OrderedNode, qualified: string, parentScope: Map<string, string>): XmlElement {
  const rawAttributes = raw[':@'] as Record<string, string> | undefined;
  let scope = parentScope;
  let attributes = NO_ATTRIBUTES as Map<string, string>;
  if (rawAttributes) {
    for (const key in rawAttributes) {
      const name = key.slice(2); // the parser's '@_' prefix
      if (!isNamespaceDeclaration(name)) continue;
      if (scope === parentScope) scope = new Map(parentScope);
      scope.set(name === 'xmlns' ? '' : name.slice(6), rawAttributes[key] as string);
    }
    attributes = new Map();
    for (const key in rawAttributes) {
      const name = key.slice(2);
      if (isNamespaceDeclaration(name)) continue;
      const resolved = resolve(name, scope, true);
      attributes.set(`{${resolved.namespace}}${resolved.name}`, rawAttributes[key] as string);
    }
  }
  const children: XmlElement[] = [];
  let text = '';
  for (const child of raw[qualified] as OrderedNode[]) {
    const childName = elementName(child);
    if (childName !== undefined) children.push(toElement(child, childName, scope));
    else if ('#text' in child) text += String(child['#text']);
  }
  const { namespace, name } = resolve(qualified, scope, false);
  return { namespace, name, attributes, children, text };
}

export function readDocument(xml: string): XmlElement {
  if (typeof xml !== 'string') throw new NmvsWireError('the message is not a string');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new NmvsWireError(`not well-formed XML: ${msg}${line ? ` (line ${line}${col ? `, column ${col}` : ''})` : ''}`);
  }
  let nodes: OrderedNode[];
  try {
    nodes = xmlParser.parse(xml) as OrderedNode[];
  } catch (error) {
    if (error instanceof NmvsWireError) throw error;
    throw new NmvsWireError(`not well-formed XML: ${(error as Error).message}`);
  }
  const roots = nodes.filter((node) => elementName(node) !== undefined);
  if (roots.length !== 1) throw new NmvsWireError(`a message has one root element (found ${roots.length})`);
  const root = roots[0] as OrderedNode;
  return toElement(root, elementName(root) as string, new Map());
}

/** Reads elements of one namespace (the types namespace) and names the path in its errors. */
export class Reader {
  constructor(
    readonly node: XmlElement,
    private readonly namespace: string,
    readonly path: string,
  ) {}

  private all(name: string): XmlElement[] {
    return this.node.children.filter((child) => child.name === name && child.namespace === this.namespace);
  }

  optional(name: string): Reader | undefined {
    const found = this.all(name);
    if (found.length > 1) throw new NmvsWireError(`${this.path}/${name} appears ${found.length} times`);
    return found[0] && new Reader(found[0], this.namespace, `${this.path}/${name}`);
  }

  one(name: string): Reader {
    const found = this.optional(name);
    if (!found) throw new NmvsWireError(`${this.path}/${name} is missing`);
    return found;
  }

  many(name: string): Reader[] {
    return this.all(name).map((child) => new Reader(child, this.namespace, `${this.path}/${name}`));
  }

  text(name: string): string {
    return this.one(name).node.text;
  }

  optionalText(name: string): string | undefined {
    return this.optional(name)?.node.text;
  }

  /** S2 qualifies attributes (attributeFormDefault="qualified"); an unqualified one is read too. */
  attribute(name: string): string {
    const value = this.node.attributes.get(`{${this.namespace}}${name}`) ?? this.node.attributes.get(`{}${name}`);
    if (value === undefined) throw new NmvsWireError(`${this.path}@${name} is missing`);
    return value;
  }
}
