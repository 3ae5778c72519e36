import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  aliasTarget, groups, matchAlias, operationAliases, operationById, operations, requireOperation, TRANSACTION_TYPES,
  type FieldSpec, type GroupId, type Operation,
} from '../../src/catalog';
import { checks } from '../../src/core/checks/inputChecks';

const interfacePairs: [string, string][] = JSON.parse(readFileSync(join(__dirname, 'interface-operations.json'), 'utf8'));
/** The interface's 67; the catalog's other operations come from public clients (issue 33). */
const interfaceOps = operations.filter((op) => op.source === 'interface');

const settingsGroups: [string, string, string[]][] = [
  ['transactionAlert', '/rest/v2/settings/merchant/transaction-alert', ['GET', 'POST', 'DELETE']],
  ['terminal', '/rest/v2/settings/terminal', ['GET', 'PUT']],
  ['avs', '/rest/v2/settings/terminal/avs', ['GET', 'PUT']],
  ['csc', '/rest/v2/settings/terminal/csc', ['GET', 'PUT']],
  ['device', '/rest/v2/settings/terminal/device', ['GET', 'POST', 'PUT', 'DELETE']],
  ['hpp', '/rest/v2/settings/terminal/hpp', ['GET', 'POST', 'PUT', 'DELETE']],
  ['paylink', '/rest/v2/settings/terminal/paylink', ['GET', 'POST', 'PUT', 'DELETE']],
  ['report', '/rest/v2/settings/terminal/report', ['GET', 'POST', 'PUT']],
  ['rps', '/rest/v2/settings/terminal/rps', ['GET', 'POST', 'PUT']],
  ['duplicates', '/rest/v2/settings/transaction/duplicates', ['GET', 'POST', 'PUT']],
];
const settingsAction: Record<string, string> = { GET: 'get', POST: 'create', PUT: 'update', DELETE: 'delete' };
const docs = '/api/documents/v1.0/document/{merchantNumber}';

/** The fixed operation-id table of the project brief: id, method, path. */
const fixedIds: [string, string, string][] = [
  ['transactions.search', 'GET', '/rest/v2/transactions'],
  ['transactions.auth', 'POST', '/rest/v2/transactions/auth'],
  ['transactions.sale', 'POST', '/rest/v2/transactions/sale'],
  ['transactions.capture', 'POST', '/rest/v2/transactions/capture'],
  ['transactions.forcedSale', 'POST', '/rest/v2/transactions/forced-sale'],
  ['transactions.refund', 'POST', '/rest/v2/transactions/refund'],
  ['transactions.void', 'POST', '/rest/v2/transactions/void'],
  ['transactions.adjustTip', 'PUT', '/rest/v2/transactions/{id}'],
  ['tokens.search', 'GET', '/rest/v2/tokens'],
  ['tokens.create', 'POST', '/rest/v2/tokens'],
  ['tokens.get', 'GET', '/rest/v2/tokens/{tokenId}'],
  ['tokens.update', 'PUT', '/rest/v2/tokens/{tokenId}'],
  ['tokens.delete', 'DELETE', '/rest/v2/tokens/{tokenId}'],
  ['achProviders.legacyLookup', 'GET', '/rest/v2/ach/provider'],
  ['achProviders.getBySecCode', 'GET', '/rest/v2/ach/provider/alpha/{secCode}'],
  ['achProviders.list', 'GET', '/rest/v2/ach/providers'],
  ['achTransactions.search', 'GET', '/rest/v2/ach/transactions'],
  ['achTransactions.create', 'POST', '/rest/v2/ach/transactions'],
  ['achTransactions.credit', 'POST', '/rest/v2/ach/transactions/credit'],
  ['achTransactions.debit', 'POST', '/rest/v2/ach/transactions/debit'],
  ['achTransactions.reversal', 'POST', '/rest/v2/ach/transactions/reversal'],
  ['achTransactions.validate', 'POST', '/rest/v2/ach/transactions/validate'],
  ['achTransactions.get', 'GET', '/rest/v2/ach/transactions/{id}'],
  ['achTransactions.void', 'DELETE', '/rest/v2/ach/transactions/{id}'],
  ['achTokens.create', 'POST', '/rest/v2/ach/tokens'],
  ['achTokens.get', 'GET', '/rest/v2/ach/tokens/{tokenId}'],
  ['achTokens.update', 'PUT', '/rest/v2/ach/tokens/{tokenId}'],
  ['achTokens.delete', 'DELETE', '/rest/v2/ach/tokens/{tokenId}'],
  ...settingsGroups.flatMap(([key, path, methods]) =>
    methods.map((m): [string, string, string] => [`settings.${key}.${settingsAction[m]}`, m, path])),
  ['batches.getOpen', 'GET', '/rest/v1/batches/open'],
  ['batches.closeOpen', 'PUT', '/rest/v1/batches/open'],
  ['documents.get', 'GET', `${docs}/{documentId}`],
  ['documents.types', 'GET', `${docs}/DocumentTypes`],
  ['documents.byType', 'GET', `${docs}/Documents`],
  ['documents.statementsByYear', 'GET', `${docs}/Statements/{year}`],
  ['documents.statementsByMonth', 'GET', `${docs}/Statements/{year}/{month}`],
  ['merchants.get', 'GET', '/api/launchIntegratorSetup/v1.0/integrateMerchant/merchants/{merchantNumber}'],
  ['merchants.create', 'POST', '/api/launchIntegratorSetup/v1.0/integrateMerchant/{hierarchyNodeKey}'],
];


const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
const xmlParser = new XMLParser({ parseTagValue: false });
const isPlaceholder = (v: unknown) => typeof v === 'string' && /^\{\{\w+\}\}$/.test(v);

function parseSample(op: Operation): Record<string, unknown> {
  const sample = op.sample ?? '';
  if (op.bodyFormat === 'json') return JSON.parse(sample) as Record<string, unknown>;
  const valid = XMLValidator.validate(sample);
  assert.equal(valid, true, `${op.id}: sample is not well-formed XML: ${JSON.stringify(valid)}`);
  const doc = xmlParser.parse(sample) as Record<string, unknown>;
  assert.deepEqual(Object.keys(doc), [op.xmlRoot], `${op.id}: XML root must be <${op.xmlRoot}>`);
  return doc[op.xmlRoot as string] as Record<string, unknown>;
}

/** XML has no arrays: `<emails><email>…</email></emails>` or a single repeated element stands for one. */
function asItems(field: FieldSpec, value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const obj = value as Record<string, unknown>;
  const itemNames = new Set((field.fields ?? []).map((f) => f.name));
  const keys = Object.keys(obj);
  if (keys.every((k) => itemNames.has(k))) return [obj];
  assert.equal(keys.length, 1, `${field.name}: an XML list has one wrapper element per item`);
  const inner = obj[keys[0]];
  return Array.isArray(inner) ? inner : [inner];
}

/** Returns every problem of a sample against its fields: missing required, unknown, wrong type or value, failed check. */
function sampleProblems(fields: readonly FieldSpec[], value: Record<string, unknown>, where: string, xml: boolean): string[] {
  const problems: string[] = [];
  const known = new Map(fields.map((f) => [f.name, f]));
  for (const key of Object.keys(value)) if (!known.has(key)) problems.push(`${where}: unknown field ${key}`);
  for (const field of fields) {
    const v = value[field.name];
    const at = `${where}.${field.name}`;
    if (v === undefined) {
      if (field.required) problems.push(`${at}: required field missing`);
      continue;
    }
    if (isPlaceholder(v)) continue;
    if (field.type === 'object') {
      problems.push(...sampleProblems(field.fields ?? [], v as Record<string, unknown>, at, xml));
      continue;
    }
    if (field.type === 'array') {
      asItems(field, v).forEach((item, i) =>
        problems.push(...sampleProblems(field.fields ?? [], item as Record<string, unknown>, `${at}[${i}]`, xml)));
      continue;
    }
    const text = String(v);
    const typeOk = {
      string: typeof v === 'string',
      boolean: xml ? text === 'true' || text === 'false' : typeof v === 'boolean',
      integer: xml ? /^-?\d+$/.test(text) : Number.isInteger(v),
    }[field.type];
    if (!typeOk) problems.push(`${at}: ${JSON.stringify(v)} is not of type ${field.type}`);
    if (field.values && !field.values.includes(text)) problems.push(`${at}: ${text} is not one of ${field.values.join(', ')}`);
    const failure = field.check ? checks[field.check](text) : undefined;
    if (failure) problems.push(`${at}: ${text} fails check ${field.check}: ${failure}`);
  }
  return problems;
}

describe('catalog against the interface', () => {
  it('has exactly the method + path pairs of interface-operations.json', () => {
    const key = (m: string, p: string) => `${m} ${p}`;
    const expected = new Set(interfacePairs.map(([m, p]) => key(m, p)));
    const actual = interfaceOps.map((op) => key(op.method, op.path));
    const missing = [...expected].filter((k) => !actual.includes(k));
    const extra = actual.filter((k) => !expected.has(k));
    const duplicated = actual.filter((k, i) => actual.indexOf(k) !== i);
    assert.deepEqual({ missing, extra, duplicated }, { missing: [], extra: [], duplicated: [] });
    assert.equal(interfaceOps.length, 67);
  });

  it('uses exactly the fixed operation ids, each once, on its method and path', () => {
    const ids = operations.map((op) => op.id);
    assert.equal(new Set(ids).size, ids.length, 'operation ids must be unique');
    assert.deepEqual(
      interfaceOps.map((op) => [op.id, op.method, op.path]).sort(),
      [...fixedIds].sort(),
    );
  });

  it('has the interface group sizes 8/5/3/8/4/30/2/5/2, the groups past it, and one GroupInfo per group', () => {
    const counts: Partial<Record<GroupId, number>> = {};
    for (const op of operations) counts[op.group] = (counts[op.group] ?? 0) + 1;
    assert.deepEqual(counts, {
      'card-transactions': 8, 'card-tokens': 5, 'ach-providers': 3, 'ach-transactions': 8, 'ach-tokens': 4,
      settings: 30, batches: 2, documents: 5, onboarding: 2,
      customers: 11,
      mobile: 9,
    });
    assert.ok(operations.filter((op) => op.group === 'mobile').every((op) => op.source === 'public-clients'));
    assert.deepEqual(groups.map((g) => g.id).sort(), Object.keys(counts).sort());
    for (const g of groups) {
      if (!g.listOperation) continue;
      const list = requireOperation(g.listOperation);
      assert.equal(list.group, g.id, `${g.id}: list operation belongs to another group`);
      assert.equal(list.method, 'GET', `${g.id}: list operation must be a GET`);
    }
  });

  it('derives host and auth from the path family', () => {
    for (const op of operations) {
      const boarding = op.path.startsWith('/api/');
      assert.ok(boarding || op.path.startsWith('/rest/'), `${op.id}: path outside /rest/ and /api/`);
      assert.equal(op.host, boarding ? 'boarding' : 'gateway', op.id);
      assert.equal(op.auth, boarding ? 'access-key' : 'api-key', op.id);
    }
  });

  it('lists the interface success statuses', () => {
    const special: Record<string, number[]> = {
      'settings.hpp.create': [200, 201], 'settings.hpp.update': [200, 201], 'settings.hpp.delete': [200, 204],
      'settings.csc.update': [200, 201], 'merchants.create': [201],
      'customers.create': [201], 'paymentPlans.create': [201],
    };
    for (const op of operations) assert.deepEqual(op.successStatuses, special[op.id] ?? [200], op.id);
  });

  it('classes safety: reads, money movers, destructive calls, writes', () => {
    const moves = ['transactions.auth', 'transactions.sale', 'transactions.capture', 'transactions.forcedSale',
      'transactions.refund', 'transactions.void', 'transactions.adjustTip', 'achTransactions.create',
      'achTransactions.credit', 'achTransactions.debit', 'achTransactions.reversal', 'achTransactions.void',
      'batches.closeOpen',
      'mobile.sale', 'mobile.refund', 'mobile.achDebit', 'mobile.achCredit'];   // closing a batch settles its transactions: money moves, nothing is destroyed
    for (const op of operations) {
      const expected = op.method === 'GET' || op.id === 'achTransactions.validate' ? 'read'
        : moves.includes(op.id) ? 'moves-money'
          : op.method === 'DELETE' ? 'destructive'
            : 'write';
      assert.equal(op.safety, expected, op.id);
    }
  });

  it('names, for every state-changing operation, the read that tells whether it went through', () => {
    // No read can find these: an ACH token has no list, a new merchant's number is in the lost
    // answer, a mobile JWT is never listed.
    const noRead = ['achTokens.create', 'merchants.create', 'mobile.manualToken', 'mobile.achToken'];
    for (const op of operations.filter((o) => o.safety !== 'read')) {
      if (noRead.includes(op.id)) {
        assert.equal(op.verifyWith, undefined, op.id);
        continue;
      }
      const read = operationById(op.verifyWith ?? '');
      assert.ok(read, `${op.id} names no read to check with`);
      assert.equal(read.method, 'GET', op.id);
      assert.equal(read.safety, 'read', op.id);
    }
    assert.equal(requireOperation('batches.closeOpen').verifyWith, 'batches.getOpen');
    assert.equal(requireOperation('achTransactions.void').verifyWith, 'achTransactions.get');
    assert.ok(operations.filter((o) => o.safety === 'read').every((o) => o.verifyWith === undefined));
  });

  it('marks only the legacy provider lookup deprecated', () => {
    assert.deepEqual(operations.filter((op) => op.deprecated).map((op) => op.id), ['achProviders.legacyLookup']);
  });
});

describe('parameters', () => {
  it('declares every {param} of a path as exactly one required path ParamSpec, in order, and no others', () => {
    for (const op of operations) {
      const declared = op.params.filter((p) => p.in === 'path');
      assert.deepEqual(declared.map((p) => p.name), pathParamNames(op.path), op.id);
      for (const p of declared) {
        assert.equal(p.required, true, `${op.id}: path param ${p.name} must be required`);
        assert.ok(p.doc.length > 0, `${op.id}: path param ${p.name} needs a doc`);
      }
      const names = op.params.map((p) => `${p.in}:${p.name}`);
      assert.equal(new Set(names).size, names.length, `${op.id}: duplicate parameter`);
    }
  });

  it('checks year, month and SEC code path values', () => {
    const checked = (id: string, name: string) => requireOperation(id).params.find((p) => p.name === name)?.check;
    assert.equal(checked('documents.statementsByMonth', 'year'), 'year');
    assert.equal(checked('documents.statementsByMonth', 'month'), 'month');
    assert.equal(checked('achProviders.getBySecCode', 'secCode'), 'secCode');
    assert.equal(checked('achTransactions.search', 'start-date'), 'date');
  });
});

describe('bodies and samples', () => {
  const expectedFormats = (op: Operation): string[] => {
    if (op.method === 'GET' || op.method === 'DELETE') return [];
    if (op.group === 'settings' || op.group === 'batches') return ['xml', 'json'];
    // Customers and payment plans, and the mobile paths: every public client sends JSON; XML is not modelled (docs/sandbox.md).
    if (op.host === 'boarding' || op.group === 'mobile') return ['json'];
    return ['json', 'xml'];
  };

  it('uses XML then JSON for settings and batches, JSON for boarding and mobile, JSON then XML elsewhere (customers and plans too)', () => {
    for (const op of operations) {
      const formats = expectedFormats(op);
      assert.deepEqual(op.acceptedBodyFormats, formats, op.id);
      assert.equal(op.bodyFormat, formats[0] ?? 'none', op.id);
      if (formats.includes('xml')) assert.ok(op.xmlRoot, `${op.id}: XML body needs xmlRoot`);
      const response = op.id === 'documents.get' ? 'pdf' : op.group === 'settings' || op.group === 'batches' ? 'xml' : 'json';
      assert.equal(op.responseFormat, response, op.id);
    }
  });

  it('gives a sample to every body operation and none to the others', () => {
    for (const op of operations) {
      assert.equal(op.sample !== undefined, op.bodyFormat !== 'none', op.id);
      assert.equal(op.fields.length > 0, op.bodyFormat !== 'none', `${op.id}: fields only with a body`);
    }
  });

  it('parses each sample in its format, under its xmlRoot, with every required field, known fields only', () => {
    const problems = operations
      .filter((op) => op.sample !== undefined)
      .flatMap((op) => sampleProblems(op.fields, parseSample(op), op.id, op.bodyFormat === 'xml'));
    assert.deepEqual(problems, []);
  });

  it('samples pass the input checks (placeholders skipped), and a bad value would be caught', () => {
    const sale = requireOperation('transactions.sale');
    const broken = JSON.parse(sale.sample ?? '{}') as Record<string, unknown>;
    broken.card = '4111111111111112';
    assert.match(sampleProblems(sale.fields, broken, sale.id, false).join('\n'), /card: .*fails check luhn/);
    const checked = operations.flatMap((op) => op.fields.filter((f) => f.check)).length;
    assert.ok(checked > 20, 'many fields carry a check');
  });

  it('keeps the sandbox test values in the samples', () => {
    const sale = JSON.parse(requireOperation('transactions.sale').sample ?? '{}');
    assert.equal(sale.card, '4111111111111111');
    assert.equal(sale.csc, '999');
    const debit = JSON.parse(requireOperation('achTransactions.debit').sample ?? '{}');
    assert.equal(debit['routing-number'], '081009813');
    assert.equal(JSON.parse(requireOperation('transactions.refund').sample ?? '{}').id, '{{transactionId}}');
    assert.equal(JSON.parse(requireOperation('achTransactions.reversal').sample ?? '{}').id, '{{achTransactionId}}');
  });
});

describe('lookups', () => {
  it('finds operations by id and refuses unknown ids with the fix', () => {
    assert.equal(operationById('transactions.sale')?.path, '/rest/v2/transactions/sale');
    assert.equal(operationById('transactions.nope'), undefined);
    assert.throws(() => requireOperation('transactions.nope'), /Unknown gateway operation "transactions.nope".*src\/catalog/);
  });
});

describe('aliases (legacy request forms)', () => {
  it('are not operations: the catalog keeps exactly the interface\'s 67', () => {
    assert.equal(interfaceOps.length, 67);
    assert.equal(new Set(interfaceOps.map((o) => o.id)).size, 67);
    assert.equal(new Set(operations.map((o) => o.id)).size, operations.length);
    for (const alias of operationAliases) {
      assert.ok(!operations.some((o) => o.method === alias.method && o.path === alias.path), `${alias.method} ${alias.path} is not itself an operation`);
    }
  });

  it('each names operations that exist, and the generic endpoint knows all six types', () => {
    const generic = matchAlias('POST', '/rest/v2/transactions');
    assert.ok(generic);
    assert.deepEqual(Object.keys(TRANSACTION_TYPES), ['SALE', 'AUTH', 'CAPTURE', 'FORCED SALE', 'REFUND', 'VOID']);
    assert.equal(aliasTarget(generic, 'forced sale'), 'transactions.forcedSale');
    assert.equal(aliasTarget(generic, ' Sale '), 'transactions.sale');
    assert.equal(aliasTarget(generic, 'CARD INQUIRY'), undefined);
    assert.equal(aliasTarget(generic), undefined);
    assert.equal(aliasTarget(matchAlias('GET', '/rest/v2/batches/open')!), 'batches.getOpen');
    assert.equal(aliasTarget(matchAlias('put', '/rest/v2/batches/open/')!), 'batches.closeOpen');
    assert.equal(matchAlias('GET', '/rest/v2/transactions'), undefined);
  });
});
