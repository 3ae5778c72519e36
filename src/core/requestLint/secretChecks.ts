// Keys never belong in a request file (they are added at send time from the environment):
// auth headers, key-named variables, fields and query parameters, and key-like literals
// anywhere in the text.

import type { RequestDocument } from './requestDocument';
import type { FieldNode } from './body/fieldTree';
import { isAuthHeader } from '../protection/authHeaders';
import { finding, type LintCode, type LintFinding } from './finding';
import { KEY_LIKE_PATTERNS, KEY_NAME } from './keyPatterns';

/** Fields that carry encoded binary data (a signature's `base-64-image`): long letter-digit runs are what they hold, not a key. */
const ENCODED_DATA_NAME = /(?:^|-)(?:image|base-?64)(?:-|$)/i;

export const KEY_ADVICE = 'keys belong to the environment — remove it; Gateway Workbench adds keys at send time';

/** Codes of the findings of a key written in the file: its quick fix moves the key out. */
export const KEY_CODES: ReadonlySet<string> = new Set<LintCode>(['auth-header', 'key-in-file']);

export function secretFindings(doc: RequestDocument): LintFinding[] {
  const out: LintFinding[] = [];
  const flagged: Array<[number, number]> = [];
  const encodedData: Array<[number, number]> = [];
  const flag = (from: number, to: number, code: LintCode, what: string): void => {
    if (flagged.some(([a, b]) => from < b && a < to)) return;
    flagged.push([from, to]);
    out.push(finding({ start: doc.positionAt(from), end: doc.positionAt(to) }, code, `${what}: ${KEY_ADVICE}`));
  };
  doc.requests.forEach((request, index) => {
    for (const h of request.headers) {
      if (isAuthHeader(h.name)) flag(h.startOffset, h.endOffset, 'auth-header', `the ${h.name} header carries a key`);
    }
    const target = doc.operationOf(index)?.target;
    for (const q of target?.query ?? []) {
      if (KEY_NAME.test(q.name) && q.value !== '' && !q.value.includes('{{')) {
        const from = doc.offsetAt(request.targetRange.start) + q.nameStart;
        flag(from, doc.offsetAt(request.targetRange.start) + q.valueEnd, 'key-in-file', `the query parameter ${q.name} carries a key`);
      }
    }
    const root = doc.bodyOf(index)?.root;
    if (root) leavesWhere(root, holdsKey, (node) => flag(node.start, node.end, 'key-in-file', `the field ${node.name} carries a key`));
    if (root) leavesWhere(root, (leaf) => ENCODED_DATA_NAME.test(leaf.name), (node) => encodedData.push([node.start, node.end]));
  });
  for (const v of doc.file.variables) {
    if (KEY_NAME.test(v.name) && v.value !== '' && !v.value.includes('{{')) {
      flag(doc.offsetAt(v.valueRange.start), doc.offsetAt(v.valueRange.end), 'key-in-file', `the variable ${v.name} holds a key`);
    }
  }
  for (const pattern of KEY_LIKE_PATTERNS) {
    pattern.lastIndex = 0;
    for (const match of doc.text.matchAll(pattern)) {
      const from = match.index ?? 0;
      const to = from + match[0].length;
      if (encodedData.some(([a, b]) => a <= from && to <= b)) continue;
      flag(from, to, 'key-in-file', 'this looks like a key');
    }
  }
  return out;
}


/** A key-named field with a written value (a `{{…}}` value comes from elsewhere). */
const holdsKey = (leaf: FieldNode): boolean => KEY_NAME.test(leaf.name) && leaf.leaf !== undefined && leaf.leaf.text !== '' && !leaf.leaf.template;

/** Every leaf under `node` that `test` picks; anything else is looked into. */
function leavesWhere(node: FieldNode, test: (leaf: FieldNode) => boolean, found: (node: FieldNode) => void, depth = 0): void {
  if (depth > 200) return;
  for (const child of node.children) {
    if (child.kind === 'leaf' && test(child)) found(child);
    else leavesWhere(child, test, found, depth + 1);
  }
}
