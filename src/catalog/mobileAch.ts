// ACH on the mobile path, past the interface (issue 33), in the `mobile` group beside the card
// JWTs: typed bank-account data becomes a one-time JWT, authorized by the HPP public key alone,
// which /rest/v2/ach/mobile/transactions/{debit,credit} charge with an `achmobilejwt` header next
// to the api-key. The debit and credit are what an ACH web app on the gateway's JavaScript SDK
// sends (its ACH form hands it payload["mobile-jwt"].jwt); the path of the SDK form's own call is
// not public, so POST /rest/v2/mobilejwt/ach is the sandbox's stand-in for it, next to the card's
// manual entry (docs/sandbox.md "ACH on the mobile path": evidence, conflicts and decisions).
import type { FieldSpec, HeaderSpec } from './types';
import { defineOperation, type OperationEntry } from './defineOperation';
import {
  accountTypes, addressBlock, referenceFields, sampleAccount, sampleSoftware, secCodes, softwareFields, tokenizeFields, trueFalse,
} from './sharedFields';

const ACH_WEB_APP = 'mattblittle-create/scoutline-beta';
const ACH_DEBIT = `${ACH_WEB_APP}@7c0b7684e0d0f8408a9951747066522938b9d381:lib/payments/providers/clearentAchProvider.ts`;
const ACH_FORM = `${ACH_WEB_APP}@957d964db6cf94866bf15199aa07217af2942a32:app/onboarding/player/billing/page.tsx`;

const publicKey: HeaderSpec = {
  name: 'public-key', value: '{{hppPublicKey}}',
  doc: 'The HPP public key (GET /rest/v2/settings/terminal/hpp → hpp-public-key): the only credential of this call.',
};
const achMobileJwt: HeaderSpec = {
  name: 'achmobilejwt', value: '{{achMobileJwt}}',
  doc: 'An ACH mobile JWT from "Tokenize typed bank account" (payload["mobile-jwt"].jwt); each is charged once, within its lifetime.',
};

/** The account fields a body may still send: optional, and only the JWT's own account. */
const jwtAccountFields: readonly FieldSpec[] = [
  { name: 'routing-number', type: 'string', check: 'aba', doc: 'Optional: the routing number of the account the JWT stands for (the JWT carries it; another is refused).' },
  { name: 'account-number', type: 'string', check: 'accountNumber', doc: 'Optional: the number of the account the JWT stands for (compared by its last four, all the sandbox keeps); never returned whole.' },
  { name: 'account-type', type: 'string', values: accountTypes, anyCase: true, doc: 'Optional: the type of the account the JWT stands for (the JWT carries it; another is refused).' },
  { name: 'individual-name', type: 'string', doc: 'Name of the account holder (the web app sends it; it replaces a name given when tokenizing).' },
];

const chargeFields = (type: string): readonly FieldSpec[] => [
  { name: 'type', type: 'string', values: [type], anyCase: true, doc: `Transaction type (any case, e.g. "${type.toUpperCase()}"); optional because the path selects ${type}.` },
  { name: 'amount', type: 'string', required: true, check: 'amount', doc: 'Amount as a decimal string with two places, e.g. "25.00".' },
  { name: 'standard-entry-class-code', type: 'string', required: true, values: secCodes, check: 'secCode', doc: 'SEC code: PPD (consumer), CCD (business), WEB (internet) or TEL (telephone).' },
  ...jwtAccountFields,
  { name: 'check-number', type: 'string', doc: 'Check number, for check-based entries.' },
  { name: 'validate-account', type: 'string', values: trueFalse, doc: 'Set "true" to validate the account before submitting.' },
  ...tokenizeFields, ...referenceFields, ...addressBlock, ...softwareFields,
];

const chargeSample = (type: string) => ({
  type, amount: '25.00', 'standard-entry-class-code': 'WEB', 'individual-name': sampleAccount['individual-name'],
  invoice: 'INV-3001', ...sampleSoftware,
});

const entries: readonly OperationEntry[] = [
  {
    id: 'mobile.achToken', title: 'Tokenize typed bank account (ACH mobile JWT)', group: 'mobile', method: 'POST',
    evidence: [ACH_FORM, ACH_DEBIT],
    path: '/rest/v2/mobilejwt/ach', payloadType: 'mobile-jwt', safety: 'write', headers: [publicKey],
    doc: 'Turns typed bank-account data into a one-time ACH mobile JWT (payload["mobile-jwt"]: jwt, last-four, account-type), authorized by the HPP public key alone: the Local sandbox\'s stand-in for the JavaScript SDK\'s ACH form, whose own path is not public.',
    body: {
      kind: 'json',
      fields: [
        { name: 'routing-number', type: 'string', required: true, check: 'aba', doc: '9-digit ABA routing number of the bank, e.g. "081009813".' },
        { name: 'account-number', type: 'string', required: true, check: 'accountNumber', doc: 'Bank account number (1-17 digits) as typed; only its last four are kept, never in the JWT.' },
        { name: 'account-type', type: 'string', required: true, values: accountTypes, anyCase: true, doc: 'Kind of bank account (any case).' },
        { name: 'individual-name', type: 'string', doc: 'Name of the account holder (the debit or credit may send it instead).' },
        ...softwareFields,
      ],
      sample: {
        'routing-number': sampleAccount['routing-number'], 'account-number': sampleAccount['account-number'],
        'account-type': sampleAccount['account-type'], ...sampleSoftware,
      },
    },
  },
  {
    id: 'mobile.achDebit', title: 'ACH mobile debit', group: 'mobile', method: 'POST',
    evidence: [ACH_DEBIT, ACH_FORM],
    verifyWith: 'achTransactions.search',
    path: '/rest/v2/ach/mobile/transactions/debit', payloadType: 'ach-transaction', safety: 'moves-money', headers: [achMobileJwt],
    doc: 'Debits the bank account an ACH mobile JWT stands for (achmobilejwt header, with the api-key): exactly an ACH debit after that, Pending until the processing windows move it.',
    body: { kind: 'json', fields: chargeFields('Debit'), sample: chargeSample('Debit') },
  },
  {
    id: 'mobile.achCredit', title: 'ACH mobile credit', group: 'mobile', method: 'POST',
    evidence: [ACH_DEBIT, ACH_FORM],
    verifyWith: 'achTransactions.search',
    path: '/rest/v2/ach/mobile/transactions/credit', payloadType: 'ach-transaction', safety: 'moves-money', headers: [achMobileJwt],
    doc: 'Pays into the bank account an ACH mobile JWT stands for (achmobilejwt header, with the api-key): exactly an ACH credit after that.',
    body: { kind: 'json', fields: chargeFields('Credit'), sample: chargeSample('Credit') },
  },
];

export const mobileAch = entries.map(defineOperation);
