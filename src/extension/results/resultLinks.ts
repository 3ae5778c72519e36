// Ids in a result that name another gateway resource, as links that open it as the gateway has
// it now: a transaction's `id` and `ref-id` (the transaction it refunds, captures or voids), an
// ACH transaction's `id`, a card `token-id`. Pure (no vscode): node tests; the extension turns
// each into a DocumentLink that runs the operation command.

interface ResultLink {
  /** Offset and length of the id's digits in the result text. */
  offset: number;
  length: number;
  operationId: string;
  vars: Record<string, string>;
}

/** Field → the operation that opens what it names, per kind of record the result holds. */
const LINKED_FIELDS: ReadonlyArray<{ field: string; inPayload: RegExp; operationId: string; param: string }> = [
  { field: 'ref-id', inPayload: /^transactions?$/, operationId: 'transactions.search', param: 'id' },
  { field: 'id', inPayload: /^transactions?$/, operationId: 'transactions.search', param: 'id' },
  { field: 'id', inPayload: /^ach-transactions?$/, operationId: 'achTransactions.get', param: 'id' },
  { field: 'token-id', inPayload: /./, operationId: 'tokens.get', param: 'tokenId' },
];

export function resultLinks(text: string, payloadType: string | undefined): ResultLink[] {
  const links: ResultLink[] = [];
  for (const rule of LINKED_FIELDS) {
    if (!payloadType || !rule.inPayload.test(payloadType)) continue;
    const name = rule.field.replace(/-/g, '\\-');
    const pattern = new RegExp(`"${name}"\\s*:\\s*"(\\d+)"|<${name}>(\\d+)</${name}>`, 'g');
    for (const m of text.matchAll(pattern)) {
      const id = m[1] ?? m[2];
      links.push({ offset: m.index + m[0].lastIndexOf(id), length: id.length, operationId: rule.operationId, vars: { [rule.param]: id } });
    }
  }
  return links.sort((a, b) => a.offset - b.offset);
}
