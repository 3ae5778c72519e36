// Which catalog FieldSpecs apply where in a body. Arrays have two shapes on the wire: a JSON
// array of item objects, or (XML) repeated elements, either the array field itself repeated
// (`<response-filter>` under `<response-filters>`) or item wrappers inside it (`<email>` under
// `<emails>`); a scope remembers that it belongs to an array so wrappers are accepted.

import type { FieldSpec, Operation } from '../../../catalog/types';
import type { FieldNode } from './fieldTree';

export interface FieldScope {
  fields: readonly FieldSpec[];
  /** Set inside an array field: children that are not item fields are item wrappers. */
  arrayOf?: FieldSpec;
}

interface FieldLookup {
  spec?: FieldSpec;
  /** The node is an array item wrapper: its children use the item fields. */
  wrapper: boolean;
}

export function rootScope(op: Operation): FieldScope {
  return { fields: op.fields };
}

export function lookupField(scope: FieldScope, name: string): FieldLookup {
  const spec = scope.fields.find((f) => f.name === name);
  if (spec) return { spec, wrapper: false };
  return { wrapper: scope.arrayOf !== undefined && name !== '' };
}

/** The scope of a node's children, given what the node was found to be. */
export function innerScope(scope: FieldScope, found: FieldLookup): FieldScope | undefined {
  if (found.wrapper) return { fields: scope.fields };
  const spec = found.spec;
  if (!spec?.fields) return undefined;
  return spec.type === 'array' ? { fields: spec.fields, arrayOf: spec } : { fields: spec.fields };
}

/**
 * The scope of the fields directly inside the object reached by `names` from the body's root
 * (XML: the names below the root element; '' steps are JSON array items), and the spec of that
 * object; undefined when the path leaves what the catalog knows.
 */
export function scopeAtPath(op: Operation, names: readonly string[]): { scope: FieldScope; spec?: FieldSpec } | undefined {
  let scope: FieldScope | undefined = rootScope(op);
  let spec: FieldSpec | undefined;
  for (const name of names) {
    if (!scope) return undefined;
    if (name === '') continue; // a JSON array item: same item fields
    const found = lookupField(scope, name);
    if (!found.spec && !found.wrapper) return undefined;
    spec = found.spec ?? spec;
    scope = innerScope(scope, found);
  }
  return scope ? { scope, ...(spec ? { spec } : {}) } : undefined;
}

/** The node chain (root first) down to the innermost node whose span holds `offset`. */
export function fieldChainAt(root: FieldNode, offset: number): FieldNode[] {
  const chain = [root];
  let node = root;
  for (;;) {
    const inner = node.children.find((c) => c.start <= offset && offset <= c.end);
    if (!inner) return chain;
    chain.push(inner);
    node = inner;
  }
}
