// Request bodies for the fuzz grammar: the catalog's samples (or values built from its field
// specs) with tree-level mutations, rendered as JSON or XML with random layout.
import type { FieldSpec, Operation } from '../../../src/catalog';
import type { Random } from './random';
import { fieldValue, junk, keyLike, nasty } from './values';

type Tree = Record<string, unknown>;

/** A value tree for `fields`, one level of nesting at a time. */
function treeFromFields(r: Random, fields: readonly FieldSpec[], depth: number): Tree {
  const tree: Tree = {};
  for (const field of fields) {
    if (!field.required && r.chance(0.5)) continue;
    if (field.fields && depth < 3) {
      const child = treeFromFields(r, field.fields, depth + 1);
      tree[field.name] = field.type === 'array' ? [child] : child;
    } else {
      tree[field.name] = fieldValue(r, field);
    }
  }
  return tree;
}

/** The operation's sample as a tree (JSON samples parse; XML ones are rebuilt from fields). */
function baseTree(r: Random, op: Operation): Tree {
  if (op.sample && op.bodyFormat === 'json' && r.chance(0.7)) {
    const parsed: unknown = JSON.parse(op.sample);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Tree;
  }
  return treeFromFields(r, op.fields, 0);
}

function fieldNamed(fields: readonly FieldSpec[], name: string): FieldSpec | undefined {
  return fields.find((f) => f.name === name);
}

/** Deletes, adds, retypes and re-values keys, recursing into nested objects. */
function mutateTree(r: Random, tree: Tree, fields: readonly FieldSpec[], depth = 0): Tree {
  const out: Tree = { ...tree };
  for (const key of Object.keys(out)) {
    const spec = fieldNamed(fields, key);
    const value = out[key];
    const roll = r.next();
    if (roll < 0.08) delete out[key];
    else if (roll < 0.25) out[key] = fieldValue(r, spec ?? { type: 'string' });
    else if (value && typeof value === 'object' && !Array.isArray(value) && depth < 4) {
      out[key] = mutateTree(r, value as Tree, spec?.fields ?? [], depth + 1);
    }
  }
  if (r.chance(0.15)) out[r.pick(['amout', 'unknown-field', 'Card', 'card ', '', junk(r)])] = fieldValue(r, { type: 'string' });
  if (r.chance(0.05)) out['api-key'] = keyLike(r);
  if (r.chance(0.04)) out[r.pick(['nested', 'billing'])] = deepNest(r.int(5, 60));
  return out;
}

function deepNest(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { n: value };
  return value;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function xmlElements(r: Random, tree: Tree, indent: string, step: string, nl: string): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(tree)) {
    const name = key === '' ? 'x' : key;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item && typeof item === 'object') {
        parts.push(`${indent}<${name}>${nl}${xmlElements(r, item as Tree, indent + step, step, nl)}${nl}${indent}</${name}>`);
      } else {
        const text = item === null ? '' : String(item);
        const raw = r.chance(0.03) ? `<![CDATA[${text}]]>` : r.chance(0.03) ? text : escapeXml(text);
        parts.push(`${indent}<${name}>${raw}</${name}>`);
      }
    }
  }
  return parts.join(nl);
}

export function renderJson(r: Random, tree: unknown): string {
  const indent = r.weighted<number | string | undefined>([[6, 2], [2, undefined], [1, 4], [1, '\t']]);
  return JSON.stringify(tree, null, indent);
}

export function renderXml(r: Random, root: string, tree: Tree): string {
  const step = r.pick(['  ', '    ', '\t', '']);
  const nl = step === '' && r.chance(0.5) ? '' : '\n';
  const decl = r.chance(0.2) ? `<?xml version="1.0" encoding="UTF-8"?>${nl}` : '';
  const comment = r.chance(0.05) ? `<!-- ${junk(r)} -->${nl}` : '';
  return `${decl}${comment}<${root}>${nl}${xmlElements(r, tree, step, step, nl)}${nl}</${root}>`;
}

/** A body for `op` in `format`: plausible, mutated at the tree level, occasionally garbled. */
export function bodyFor(r: Random, op: Operation, format: 'json' | 'xml'): string {
  const tree = r.chance(0.75) ? mutateTree(r, baseTree(r, op), op.fields) : baseTree(r, op);
  const text = format === 'json' ? renderJson(r, tree) : renderXml(r, r.chance(0.9) ? op.xmlRoot ?? 'transaction' : junk(r, 6) || 'root', tree);
  return r.chance(0.1) ? garble(r, text) : text;
}

/** Structural damage typical of hand-edited bodies: a dropped bracket, a stray comma, a cut. */
function garble(r: Random, text: string): string {
  const at = r.int(0, text.length);
  return r.weighted<string>([
    [2, text.slice(0, at)],
    [2, text.slice(0, at) + r.pick([',', '}', ']', '"', '>', '</x>', nasty(r)]) + text.slice(at)],
    [1, text.replace(/,\n/, '\n')],
    [1, text.replace(/<\/(\w[\w-]*)>/, '</$1x>')],
  ]);
}
