// One tree of body fields for JSON and XML alike, so the checks against the catalog's
// FieldSpecs (diagnostics, hover) are written once. Offsets are document offsets.

import type { JsonNode } from './jsonFieldLocations';
import type { XmlElement } from './xmlElementLocations';

interface FieldLeaf {
  /** Decoded value: a JSON string's content, a number's digits, an XML element's text. */
  text: string;
  start: number;
  end: number;
  /** Holds a `{{variable}}`: filled at send time, so not checked. */
  template: boolean;
  /** JSON token kind, or `text` for XML. */
  type: 'string' | 'number' | 'literal' | 'template' | 'word' | 'text';
}

export interface FieldNode {
  /** Key or element name; '' for the JSON root and JSON array items. */
  name: string;
  nameStart: number;
  nameEnd: number;
  /** The opening line of an object (or the open tag of an element): where missing fields are reported. */
  openStart: number;
  openEnd: number;
  start: number;
  end: number;
  kind: 'object' | 'array' | 'leaf';
  children: FieldNode[];
  leaf?: FieldLeaf;
}

const hasTemplate = (text: string): boolean => text.includes('{{');

/** Offset of the end of the line holding `offset` (before its \n, \r\n or lone \r). */
function lineEnd(text: string, base: number, offset: number): number {
  const rest = text.slice(offset - base).search(/[\r\n]/);
  return rest < 0 ? base + text.length : offset + rest;
}

/** `text`/`base`: the body's raw text and its offset, to find the end of an opening line. */
export function fieldTreeOfJson(root: JsonNode, text: string, base: number): FieldNode {
  return jsonNode(root, '', root.start, root.start, text, base);
}

function jsonNode(value: JsonNode, name: string, nameStart: number, nameEnd: number, text: string, base: number): FieldNode {
  const node: FieldNode = {
    name, nameStart, nameEnd, openStart: nameStart, openEnd: lineEnd(text, base, value.start),
    start: nameStart, end: value.end, kind: 'leaf', children: [],
  };
  if (value.kind === 'object') {
    node.kind = 'object';
    for (const p of value.properties) {
      if (p.value) node.children.push(jsonNode(p.value, p.key, p.keyStart, p.keyEnd, text, base));
      else node.children.push({ name: p.key, nameStart: p.keyStart, nameEnd: p.keyEnd, openStart: p.keyStart, openEnd: p.keyEnd, start: p.keyStart, end: p.keyEnd, kind: 'leaf', children: [] });
    }
  } else if (value.kind === 'array') {
    node.kind = 'array';
    node.children = value.items.map((item) => jsonNode(item, '', item.start, item.start, text, base));
  } else {
    const quoteWidth = value.kind === 'string' ? 1 : 0;
    node.leaf = {
      text: value.text,
      start: value.start + quoteWidth,
      end: value.end - (value.kind === 'string' && value.closed ? 1 : 0),
      template: value.kind === 'template' || hasTemplate(value.text),
      type: value.kind,
    };
  }
  return node;
}

export function fieldTreeOfXml(element: XmlElement): FieldNode {
  const node: FieldNode = {
    name: element.name, nameStart: element.nameStart, nameEnd: element.nameEnd, openStart: element.start, openEnd: element.openEnd,
    start: element.start, end: element.end, kind: element.children.length > 0 ? 'object' : 'leaf',
    children: element.children.map(fieldTreeOfXml),
  };
  if (element.children.length === 0) {
    node.leaf = { text: element.text, start: element.textStart, end: element.textEnd, template: hasTemplate(element.text), type: 'text' };
  }
  return node;
}
