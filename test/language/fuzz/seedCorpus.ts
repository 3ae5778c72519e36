// The files mutations start from: every examples/*.gwreq present when the test runs, one
// well-formed request file per catalog operation (sample body included), the bare samples,
// and a few handwritten files exercising chaining, assertions and both body formats.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { operations, type Operation } from '../../../src/catalog';

const EXAMPLES_DIR = path.resolve(__dirname, '../../../examples');

const HANDWRITTEN: readonly string[] = [
  [
    '@amount = 25.00',
    '@card = 4111111111111111',
    '',
    '### Sale',
    '# @name sale1',
    '# @expect status 200',
    '# @expect payload.transaction.result == APPROVED',
    'POST {{gatewayUrl}}/rest/v2/transactions/sale HTTP/1.1',
    'Content-Type: application/json',
    '',
    '{',
    '  "type": "SALE",',
    '  "amount": "{{amount}}",',
    '  "card": "{{card}}",',
    '  "exp-date": "1228"',
    '}',
    '',
    '### Refund it',
    '# @expect payload.transaction.id exists',
    'POST {{gatewayUrl}}/rest/v2/transactions/refund',
    'Content-Type: application/json',
    '',
    '{ "type": "REFUND", "id": "{{sale1.payload.transaction.id}}", "amount": "{{amount}}" }',
  ].join('\n'),
  [
    '### AVS settings as XML',
    'PUT {{gatewayUrl}}/rest/v2/settings/avs',
    'Content-Type: application/xml',
    '',
    '<avs-settings>',
    '  <enabled>true</enabled>',
    '</avs-settings>',
  ].join('\n'),
  '',
  '###',
  'GET',
  '{{',
  '# @expect matches /',
];

/** A complete, valid-looking request file for one operation. */
export function operationFile(op: Operation): string {
  const base = op.host === 'gateway' ? '{{gatewayUrl}}' : '{{boardingUrl}}';
  const lines = [`### ${op.title}`, `# @name ${op.id.replace(/\W/g, '_')}`, '# @expect status 200', `${op.method} ${base}${op.path}`];
  if (op.bodyFormat !== 'none') lines.push(`Content-Type: application/${op.bodyFormat}`);
  if (op.sample) lines.push('', op.sample);
  return lines.join('\n');
}

/** Example files on disk now (the examples folder may not exist yet, or be growing). */
export function exampleFiles(): { name: string; text: string }[] {
  if (!fs.existsSync(EXAMPLES_DIR)) return [];
  return fs
    .readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.gwreq'))
    .sort()
    .map((f) => ({ name: `examples/${f}`, text: fs.readFileSync(path.join(EXAMPLES_DIR, f), 'utf8') }));
}

export interface SeedCorpus {
  files: readonly string[];
  exampleCount: number;
}

export function seedCorpus(): SeedCorpus {
  const examples = exampleFiles();
  const files = [
    ...examples.map((e) => e.text),
    ...operations.map(operationFile),
    ...operations.flatMap((op) => (op.sample ? [op.sample] : [])),
    ...HANDWRITTEN,
  ];
  return { files, exampleCount: examples.length };
}
