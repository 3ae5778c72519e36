// `gateway_catalog_search` and `gateway_describe_operation`: the catalog as an agent reads it —
// found by words, and one operation whole, with the Local sandbox's values that produce each outcome.
import { operationById, operations, SAFETY_WORDING, type FieldSpec, type Operation } from '../../catalog';
import { sandboxValuesFor } from './sandboxValues';

function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0);
}

/** How well an operation matches the words: each word found in its id, title, path or doc counts, the id and title most. */
function score(op: Operation, query: readonly string[]): number {
  const strong = `${op.id} ${op.title} ${op.group}`.toLowerCase();
  const weak = `${op.path} ${op.method} ${op.doc}`.toLowerCase();
  let total = 0;
  for (const word of query) {
    if (strong.includes(word)) total += 3;
    else if (weak.includes(word)) total += 1;
    else return 0;
  }
  return total;
}

interface SearchHit { id: string; title: string; method: string; path: string; safety: string; doc: string }

export function searchCatalog(query: string, limit = 15): SearchHit[] {
  const wanted = words(query);
  if (wanted.length === 0) throw new Error('query is empty: give a few words, for example "refund card" or "ach return"');
  return operations
    .map((op) => ({ op, score: score(op, wanted) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.op.id.localeCompare(b.op.id))
    .slice(0, limit)
    .map(({ op }) => ({ id: op.id, title: op.title, method: op.method, path: op.path, safety: SAFETY_WORDING[op.safety].label, doc: op.doc }));
}

interface FieldView { name: string; type: string; required: boolean; values?: readonly string[]; doc: string; fields?: FieldView[] }

function fieldView(field: FieldSpec): FieldView {
  return {
    name: field.name,
    type: field.type,
    required: field.required === true,
    ...(field.values ? { values: field.values } : {}),
    doc: field.doc,
    ...(field.fields ? { fields: field.fields.map(fieldView) } : {}),
  };
}

export function describeOperation(id: string): Record<string, unknown> {
  const op = operationById(id);
  if (!op) {
    const near = searchCatalog(id.replace(/[._]/g, ' '), 5).map((h) => h.id);
    throw new Error(`no operation "${id}"${near.length ? `; did you mean ${near.join(', ')}?` : '; use gateway_catalog_search to find one'}`);
  }
  const verify = op.verifyWith ? operationById(op.verifyWith) : undefined;
  return {
    id: op.id,
    title: op.title,
    method: op.method,
    path: op.path,
    doc: op.doc,
    safety: { class: SAFETY_WORDING[op.safety].label, does: SAFETY_WORDING[op.safety].does },
    ...(verify ? { verifyWith: { id: verify.id, method: verify.method, path: verify.path, why: 'if the answer is lost, this read says whether it went through: never send the request again blindly' } } : {}),
    params: op.params.map((p) => ({ name: p.name, in: p.in, required: p.required, type: p.type, ...(p.values ? { values: p.values } : {}), doc: p.doc })),
    bodyFormat: op.bodyFormat,
    fields: op.fields.map(fieldView),
    ...(op.sample ? { sampleBody: op.sample } : {}),
    successStatuses: op.successStatuses,
    ...(op.deprecated ? { deprecated: true } : {}),
    sandboxValues: sandboxValuesFor(op),
  };
}
