// The stored records a snapshot writes, checked member by member when a seed carries them: a
// table of each record's members and their types, so a wrong type is refused with its path
// rather than met later by a handler. Ids must have the shapes the sandbox makes them in, so
// no id can smuggle a card number into the state.

import { pathOf, SeedError } from './seedDocument';

type Check = (value: unknown) => string | undefined;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const str: Check = v => (typeof v === 'string' ? undefined : 'must be a string');
const bool: Check = v => (typeof v === 'boolean' ? undefined : 'must be true or false');
const count: Check = v => (Number.isSafeInteger(v) && (v as number) >= 0 ? undefined : 'must be a whole number >= 0');
const matching = (re: RegExp, what: string): Check => v => (typeof v === 'string' && re.test(v) ? undefined : `must be ${what}`);
const oneOf = (...values: string[]): Check => v => (typeof v === 'string' && values.includes(v) ? undefined : `must be one of ${values.join(', ')}`);
const iso = matching(ISO, 'an ISO 8601 time such as 2026-03-31T17:55:00Z');

export const isIsoTime = (v: unknown): v is string => typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v));
const date = matching(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const strings: Check = v => (isObject(v) && Object.values(v).every(x => typeof x === 'string') ? undefined : 'must be an object of strings');
const object: Check = v => (isObject(v) ? undefined : 'must be an object');
const arrayOf = (item: Check): Check => v => (Array.isArray(v) ? v.map(item).find(Boolean) : 'must be an array');
const fourDigits = matching(/^\d{4}$/, 'four digits');

/** Id shapes, as the sandbox makes them. */
export const ID_SHAPES = {
  cardTransaction: matching(/^\d{1,10}$/, 'a card transaction id: up to 10 digits, e.g. "100001"'),
  cardToken: matching(/^1\d{18}$/, 'a card token id as the sandbox makes them: 19 digits starting with 1'),
  achTransaction: matching(/^(ach-)?\d{1,12}$/, 'an ACH transaction id such as "ach-1000001"'),
  achToken: matching(/^(ach-)?[\w-]{1,40}$/, 'an ACH token id such as "ach-tok-00000000001"'),
  customer: matching(/^cust_[\w-]{1,80}$/, 'a customer key starting cust_'),
  plan: matching(/^plan_[\w-]{1,80}$/, 'a plan key starting plan_'),
  batch: matching(/^\d{1,10}$/, 'a batch id: up to 10 digits, e.g. "000001"'),
} as const;

const codeAndText = (text: string): Check => v => checkMembers(v, { code: str, [text]: str }, {});

const storedCard: Check = v => checkMembers(v, { brand: str, lastFour: fourDigits, expDate: fourDigits }, { tokenId: ID_SHAPES.cardToken });
const account: Check = v => checkMembers(v, { routingNumber: matching(/^\d{9}$/, 'nine digits'), lastFour: str, accountType: str },
  { individualName: str, outcome: x => (x === null ? undefined : codeAndText('message')(x)) });

/** A record's required and optional members. */
interface RecordShape { required: Record<string, Check>; optional: Record<string, Check> }

export const RECORD_SHAPES = {
  transaction: {
    required: {
      id: ID_SHAPES.cardTransaction, type: oneOf('SALE', 'AUTH', 'CAPTURE', 'FORCED SALE', 'REFUND', 'VOID'), amountCents: count, tipCents: count,
      result: oneOf('APPROVED', 'DECLINED'), resultCode: str, displayMessage: str, card: storedCard, created: iso, voided: bool, tipAdjusted: bool,
      references: strings,
    },
    optional: {
      authorizationCode: str, batchId: ID_SHAPES.batch, originalId: ID_SHAPES.cardTransaction, capturedById: ID_SHAPES.cardTransaction,
      childIds: arrayOf(ID_SHAPES.cardTransaction), echoes: object, avs: codeAndText('description'), csc: codeAndText('description'), duplicate: bool,
    },
  },
  token: {
    required: { tokenId: ID_SHAPES.cardToken, cardType: str, expDate: fourDigits, lastFour: fourDigits, details: strings, isDefault: bool, created: iso, updated: iso, timesUsed: count },
    optional: { avsResultCode: str },
  },
  customer: {
    required: { customerKey: ID_SHAPES.customer, fields: object, created: iso, updated: iso },
    optional: {},
  },
  plan: {
    required: {
      planKey: ID_SHAPES.plan, fields: strings, created: iso, updated: iso,
      payments: arrayOf(p => checkMembers(p, { date, transactionId: ID_SHAPES.cardTransaction, result: oneOf('APPROVED', 'DECLINED'), resultCode: str }, {})),
    },
    optional: { nextPaymentDate: date },
  },
  achTransaction: {
    required: {
      id: ID_SHAPES.achTransaction, type: oneOf('Debit', 'Credit'), amount: matching(/^\d+\.\d{2}$/, 'an amount such as "10.00"'),
      status: oneOf('Pending', 'Settling', 'Settled', 'Returned', 'Void'), secCode: str, provider: str, account, merchantId: str,
      created: iso, statusChanged: iso, details: object,
    },
    optional: {
      tokenId: ID_SHAPES.achToken, originalId: ID_SHAPES.achTransaction, reversalId: ID_SHAPES.achTransaction, traceNumber: matching(/^\d{15}$/, '15 digits'),
      settledDate: date, returnedDate: date, returned: codeAndText('message'),
    },
  },
  achToken: {
    required: { tokenId: ID_SHAPES.achToken, account, isDefault: bool, merchantId: str, created: iso, updated: iso, timesUsed: count },
    optional: { customerKey: str, tokenDescription: str, lastUsed: iso },
  },
  batch: {
    required: { id: ID_SHAPES.batch, dateOpened: iso, switchBatchId: str, status: oneOf('OPEN', 'CLOSED') },
    optional: { confirmationCode: str, settled: iso },
  },
  merchant: {
    required: { merchant: v => checkMembers(v, { hierarchyNodeKey: str }, {}, true), applicationURL: str, created: iso },
    optional: {},
  },
  jwt: {
    required: { card: storedCard, issued: iso, expires: iso },
    optional: { used: iso, transactionId: ID_SHAPES.cardTransaction },
  },
  receipt: {
    required: { transactionId: ID_SHAPES.cardTransaction, emailAddress: str, created: iso },
    optional: {},
  },
  signature: {
    required: { id: str, created: str, received: str, imageBytes: count, imageSha256: matching(/^[0-9a-f]{64}$/, 'a SHA-256 in hex') },
    optional: {},
  },
} as const satisfies Record<string, RecordShape>;

export type RecordKind = keyof typeof RECORD_SHAPES;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The first problem of `value` as a record with these members, as "member: why", or undefined. */
function checkMembers(value: unknown, required: Record<string, Check>, optional: Record<string, Check>, open = false): string | undefined {
  if (!isObject(value)) return 'must be an object';
  for (const [name, check] of Object.entries(required)) {
    if (value[name] === undefined) return `${name} is missing`;
    const why = check(value[name]);
    if (why) return `${name} ${why}`;
  }
  for (const [name, check] of Object.entries(optional)) {
    if (value[name] === undefined) continue;
    const why = check(value[name]);
    if (why) return `${name} ${why}`;
  }
  if (!open) {
    const unknown = Object.keys(value).find(k => !(k in required) && !(k in optional));
    if (unknown !== undefined) return `${unknown} is not a member of this record`;
  }
  return undefined;
}

/** Throws a SeedError at `path` unless `value` is a record of this kind. */
export function checkRecord(kind: RecordKind, value: unknown, path: string): void {
  const shape: RecordShape = RECORD_SHAPES[kind];
  const why = checkMembers(value, shape.required, shape.optional);
  if (!why) return;
  const member = /^([\w-]+) /.exec(why)?.[1];
  const at = member && isObject(value) && member in value ? pathOf(path, member) : path;
  throw new SeedError(at, why.startsWith(`${member} `) && at !== path ? why.slice(member!.length + 1) : why);
}
