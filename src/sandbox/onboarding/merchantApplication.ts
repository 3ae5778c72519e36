// Reading a create-merchant body: the minimal required data (docs/gateway-facts.md §9) checked field by
// field, and the optional full data kept with account and taxpayer numbers masked.

import { checks } from '../../core/checks/inputChecks';
import { maskAccount, redactValue } from '../../core/protection/redaction';

type Body = Record<string, unknown>;

interface MerchantApplication {
  dbaName: string;
  emailAddress: string;
  mccCode: string;
  /** Optional fields as sent (masked), e.g. externalCustomerId, bankAccounts. */
  optional: Record<string, unknown>;
}

/** Optional fields of the create body that the sandbox keeps and echoes (docs/gateway-facts.md §9). */
const OPTIONAL_FIELDS: readonly string[] = [
  'externalCustomerId', 'applicationExpirationTime', 'pendEmailAddress', 'mailingAddress', 'physicalAddress',
  'bankAccounts', 'businessContacts', 'taxpayer', 'pricingPlan',
];

/** Taxpayer identifiers the core's redaction rules do not name; kept as their last four. */
const TAX_ID_KEYS: ReadonlySet<string> = new Set(['tin', 'ssn', 'taxid', 'federaltaxid', 'socialsecuritynumber', 'taxpayeridentificationnumber']);

export const DEFAULT_EXPIRATION_DAYS = 30;

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(parent: Body | undefined, name: string): string | undefined {
  const v = parent?.[name];
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function maskTaxIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskTaxIds);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, TAX_ID_KEYS.has(k.toLowerCase()) && typeof v === 'string' ? maskAccount(v) : maskTaxIds(v)]),
  );
}

function required(parent: Body | undefined, path: string, name: string, check: ((v: string) => string | undefined) | undefined, problems: string[]): string {
  const value = text(parent, name);
  if (value === undefined) problems.push(`${path}.${name} is required.`);
  else {
    const problem = check?.(value);
    if (problem) problems.push(`${path}.${name}: ${problem}.`);
  }
  return value ?? '';
}

const mcc = (v: string): string | undefined => (/^\d{4}$/.test(v) ? undefined : 'a merchant category code is exactly 4 digits, e.g. "5814"');

/** The application, or the list of problems (one per missing or invalid field). */
export function readApplication(body: Body | undefined): { application?: MerchantApplication; problems: string[] } {
  const problems: string[] = [];
  const info = isObject(body?.merchantInformation) ? body.merchantInformation : undefined;
  const sales = isObject(body?.salesProfile) ? body.salesProfile : undefined;
  if (!info) problems.push('merchantInformation is required (an object with dbaName and emailAddress).');
  if (!sales) problems.push('salesProfile is required (an object with mccCode).');
  const dbaName = info ? required(info, 'merchantInformation', 'dbaName', undefined, problems) : '';
  const emailAddress = info ? required(info, 'merchantInformation', 'emailAddress', checks.email, problems) : '';
  // One published guide spells the field MccCode; accept both.
  const salesProfile = sales && sales.mccCode === undefined && sales.MccCode !== undefined ? { mccCode: sales.MccCode } : sales;
  const mccCode = sales ? required(salesProfile, 'salesProfile', 'mccCode', mcc, problems) : '';

  const optional: Record<string, unknown> = {};
  for (const name of OPTIONAL_FIELDS) if (body?.[name] !== undefined) optional[name] = body[name];
  const days = optional.applicationExpirationTime;
  if (days !== undefined && !(Number.isInteger(Number(days)) && Number(days) > 0)) {
    problems.push(`applicationExpirationTime "${String(days)}" must be a whole number of days greater than 0.`);
  }
  const pend = text(optional, 'pendEmailAddress');
  if (pend !== undefined && checks.email(pend)) problems.push(`pendEmailAddress: ${checks.email(pend)}.`);
  if (problems.length > 0) return { problems };

  optional.applicationExpirationTime = days === undefined ? DEFAULT_EXPIRATION_DAYS : Number(days);
  return {
    application: { dbaName, emailAddress, mccCode, optional: maskTaxIds(redactValue(optional)) as Record<string, unknown> },
    problems,
  };
}
