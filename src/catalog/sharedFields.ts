// Body fields that several groups share (card transactions and ACH carry the same address,
// reference and software fields), defined once so their docs and checks cannot drift.
import type { FieldSpec } from './types';

/** The integrating application's identity; sample values use these. */
export const sampleSoftware = { 'software-type': 'GatewayWorkbench', 'software-type-version': '0.1.0' } as const;

export const addressFields: readonly FieldSpec[] = [
  { name: 'first-name', type: 'string', doc: 'First name of the person at this address.' },
  { name: 'last-name', type: 'string', doc: 'Last name of the person at this address.' },
  { name: 'company', type: 'string', doc: 'Company name.' },
  { name: 'street', type: 'string', doc: 'Street address, first line.' },
  { name: 'street2', type: 'string', doc: 'Street address, second line.' },
  { name: 'city', type: 'string', doc: 'City.' },
  { name: 'state', type: 'string', doc: 'State or province code, e.g. AZ.' },
  { name: 'zip', type: 'string', doc: 'Postal code.' },
  { name: 'from-zip', type: 'string', doc: 'Postal code the goods ship from (Level II data).' },
  { name: 'country', type: 'string', doc: 'Country.' },
  { name: 'phone', type: 'string', doc: 'Phone number.' },
];

/** `"true"`/`"false"` strings, as the gateway's JSON samples send them. */
export const trueFalse: readonly string[] = ['true', 'false'];

export const addressBlock: readonly FieldSpec[] = [
  { name: 'billing', type: 'object', fields: addressFields, doc: 'Billing address of the customer.' },
  { name: 'shipping', type: 'object', fields: addressFields, doc: 'Shipping address of the order.' },
  { name: 'billing-is-shipping', type: 'string', values: trueFalse, doc: 'Set "true" when the shipping address equals the billing address.' },
];

export const softwareFields: readonly FieldSpec[] = [
  { name: 'software-type', type: 'string', doc: 'Name of the integrating application, e.g. GatewayWorkbench.' },
  { name: 'software-type-version', type: 'string', doc: 'Version of the integrating application.' },
];

/** Same fields, required (the ACH vault requires them). */
export const requiredSoftwareFields: readonly FieldSpec[] = softwareFields.map((f) => ({ ...f, required: true }));

export const referenceFields: readonly FieldSpec[] = [
  { name: 'order-id', type: 'string', doc: 'Merchant order number.' },
  { name: 'invoice', type: 'string', doc: 'Invoice number (at most 100 characters).' },
  { name: 'purchase-order', type: 'string', doc: 'Purchase order number (at most 100 characters).' },
  { name: 'customer-id', type: 'string', doc: 'Merchant customer identifier.' },
  { name: 'description', type: 'string', doc: 'Free-text description of the payment.' },
  { name: 'comments', type: 'string', doc: 'Free-text comments.' },
  { name: 'email-address', type: 'string', check: 'email', doc: 'Customer email address (needed for an email receipt).' },
];

export const duplicateCheckFields: readonly FieldSpec[] = [
  { name: 'check-field', type: 'string', values: ['invoice'], doc: 'Field used by the duplicate-transaction check.' },
  { name: 'check-field-mid', type: 'string', doc: 'Run the duplicate check at merchant level rather than terminal level.' },
];

export const tokenizeFields: readonly FieldSpec[] = [
  { name: 'create-token', type: 'string', values: trueFalse, doc: 'Set "true" to store the payment data as a token for later use.' },
  { name: 'token-description', type: 'string', doc: 'Label of the token created with create-token.' },
];

export const secCodes: readonly string[] = ['PPD', 'CCD', 'WEB', 'TEL'];

export const accountTypes: readonly string[] = ['Checking', 'Savings'];

/** The bank account data an ACH token stands in for. */
export const achAccountFields: readonly FieldSpec[] = [
  { name: 'routing-number', type: 'string', required: true, check: 'aba', doc: '9-digit ABA routing number of the bank, e.g. "081009813".' },
  { name: 'account-number', type: 'string', required: true, check: 'accountNumber', doc: 'Bank account number (1-17 digits); only the last four are ever returned.' },
  { name: 'account-type', type: 'string', required: true, values: accountTypes, anyCase: true, doc: 'Kind of bank account (any case).' },
  { name: 'individual-name', type: 'string', doc: 'Name of the account holder.' },
];

/** Sample bank account: a routing number with a valid ABA checksum. */
export const sampleAccount = {
  'routing-number': '081009813', 'account-number': '1234567890', 'account-type': 'Checking', 'individual-name': 'Jordan Smith',
} as const;
