// Values worth offering for a field: its enum values, and for the fields the Local sandbox
// reacts to, its special values with what they do (test cards, decline amounts, CSC and zip
// test values, returning ACH accounts), straight from the sandbox's own tables.

import type { FieldSpec, ParamSpec } from '../../catalog/types';
import { sampleAccount } from '../../catalog/sharedFields';
import { TEST_CARDS } from '../data/testCards';
import { AVS_ZIPS, CSC_VALUES, DECLINE_AMOUNTS, RETURNING_ACCOUNTS } from '../data/sandboxValues';

interface ValueChoice {
  value: string;
  detail: string;
  documentation?: string;
}

type Spec = FieldSpec | ParamSpec;

const BY_CHECK: Partial<Record<NonNullable<Spec['check']>, (spec: Spec) => ValueChoice[]>> = {
  luhn: () => TEST_CARDS.map((c) => ({
    value: c.number,
    detail: `${c.brand} test card`,
    documentation: 'A Luhn-valid test number. On the Local sandbox the amount decides approval (see the decline amounts).',
  })),
  amount: (spec) => spec.name !== 'amount' ? [] : [
    { value: '25.00', detail: 'approved', documentation: 'Any amount the Local sandbox does not list is approved.' },
    ...DECLINE_AMOUNTS.map((d) => ({ value: d.value, detail: d.meaning, documentation: `${d.meaning} (docs/sandbox.md, "Amounts")` })),
  ],
  accountNumber: () => [
    { value: sampleAccount['account-number'], detail: 'settles', documentation: 'An account the Local sandbox settles normally.' },
    ...RETURNING_ACCOUNTS.map((a) => ({ value: a.value, detail: a.meaning, documentation: `${a.meaning} (docs/sandbox.md, "ACH returns")` })),
  ],
  aba: () => [{ value: sampleAccount['routing-number'], detail: 'valid routing number', documentation: 'Passes the ABA checksum; any valid routing number works on the Local sandbox.' }],
  expDate: () => [{ value: '1230', detail: 'December 2030', documentation: 'A future expiry (MMYY).' }],
  csc: () => CSC_VALUES.map((c) => ({ value: c.value, detail: c.meaning, documentation: `${c.meaning} (docs/sandbox.md, "AVS and CSC test values")` })),
};

const avsZips = (where: string) => (): ValueChoice[] =>
  AVS_ZIPS.map((z) => ({ value: z.value, detail: z.meaning, documentation: `${z.meaning}, for ${where} (docs/sandbox.md, "AVS and CSC test values")` }));

/** Fields the sandbox reacts to by name rather than by check. */
const BY_NAME: Readonly<Record<string, () => ValueChoice[]>> = {
  zip: avsZips('billing.zip'),
  'avs-zip': avsZips('a card token created with require-avs'),
};

export function valueChoices(spec: Spec): ValueChoice[] {
  const choices: ValueChoice[] = (spec.values ?? []).map((value) => ({ value, detail: `${spec.name} value`, documentation: spec.doc }));
  if (spec.type === 'boolean' && !spec.values) choices.push({ value: 'true', detail: 'boolean' }, { value: 'false', detail: 'boolean' });
  if (spec.check) choices.push(...(BY_CHECK[spec.check]?.(spec) ?? []));
  choices.push(...(BY_NAME[spec.name]?.() ?? []));
  return choices;
}

/** In JSON, strings are quoted; booleans and integers are written bare. */
export function jsonValueText(spec: Spec, value: string): string {
  return spec.type === 'boolean' || spec.type === 'integer' ? value : JSON.stringify(value);
}
