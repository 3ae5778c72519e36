// Web and mobile payments, past the interface (issue 33): typed card data becomes a one-time JWT
// (POST /rest/v2/mobilejwt/manual with the HPP public key as the `public-key` header), which the
// mobile transaction paths charge with a `mobilejwt` header next to the api-key; after a sale the
// SDKs send the cardholder's signature and an e-mail receipt for it, and a card reader fetches
// its EMV configuration with the public key (issue 33, same group: the same clients). Every entry
// names the public clients it is taken from (facts, never code): the gateway's iOS SDK, its
// Android demo, and a web checkout on its JavaScript SDK.
import type { FieldSpec, HeaderSpec } from './types';
import { defineOperation, type OperationEntry } from './defineOperation';
import { addressBlock, referenceFields, sampleSoftware, softwareFields, tokenizeFields } from './sharedFields';

const IOS = 'clearent/ClearentIdtechIOSFramework';
const IOS_MANUAL = `${IOS}@98522b7d7f2adb196a023da4b8d9028c17b30ecc:ClearentIdtechIOSFramework/ClearentManualEntry.m`;
const IOS_TOKEN = `${IOS}@98522b7d7f2adb196a023da4b8d9028c17b30ecc:ClearentIdtechIOSFramework/ClearentTransactionToken.m`;
const IOS_CARD = `${IOS}@98522b7d7f2adb196a023da4b8d9028c17b30ecc:ClearentIdtechIOSFramework/ClearentCard.m`;
const IOS_HTTP = `${IOS}@076b9f92ed23987b24222ea99baeb02d0d989369:ClearentIdtechIOSFramework/ClearentWrapper/Networking/HttpClient/ClearentHttpClient.swift`;
const IOS_SALE = `${IOS}@cb5d83df61814c46ae0a045055b0c91dcb92f058:ClearentIdtechIOSFramework/ClearentWrapper/Networking/Entities/SaleEntity.swift`;
const IOS_HTTP_RS = `${IOS}@076b9f92ed23987b24222ea99baeb02d0d989369:ClearentIdtechIOSFramework/ClearentWrapper/Networking/Entities/Entities.swift`;
const IOS_RECEIPT = `${IOS}@ce79140c9d97f491eaf070637cf439aa5a616b6e:ClearentIdtechIOSFramework/ClearentWrapper/Networking/Entities/ReceiptEntity.swift`;
const IOS_SIGNATURE = `${IOS}@9a38a7c7ef9c19c4482b29c9c01879fed6fcc777:ClearentIdtechIOSFramework/ClearentWrapper/Networking/Entities/SignatureEntity.swift`;
const IOS_CONFIG = `${IOS}@2d8acbcbbd659a88345465e938517af9eef6ccfb:ClearentIdtechIOSFramework/ClearentConfigFetcher.m`;
const IOS_CONFIGURATION = `${IOS}@2d8acbcbbd659a88345465e938517af9eef6ccfb:ClearentIdtechIOSFramework/ClearentConfiguration.m`;
const IOS_CONFIG_ANSWER = `${IOS}@2d8acbcbbd659a88345465e938517af9eef6ccfb:ClearentIdtechIOSFramework-Tests/ClearentConfiguration.json`;
const ANDROID_RECEIPT = 'clearent/Android_IDTech_VP3300_Demo@987b24157006ae07fbabbeb7d9df679771a3b7df:app/src/main/java/com/clearent/sample/PostReceiptTask.java';
const ANDROID_RECEIPT_BODY = 'clearent/Android_IDTech_VP3300_Demo@fbf0b4fe8a622d1ea7ad57937e0fa2510b92d49a:app/src/main/java/com/clearent/sample/ReceiptDetail.java';
const ANDROID_CONFIG = 'clearent/Android_IDTech_VP3300_Demo@8601fdf7e43cfda49bc9f1ccdd5e22a7282c0f51:app/src/main/res/raw/testconfig.json';
const ANDROID = 'clearent/Android_IDTech_VP3300_Demo@fdd1d1560cceac8d69984de8f775ac229671e57d:app/src/main/java/com/clearent/sample/PostTransactionTask.java';
const ANDROID_SALE = 'clearent/Android_IDTech_VP3300_Demo@3b7d8f9a5fb3059a37484c2937f746cdfbd45e6b:app/src/main/java/com/clearent/sample/SaleTransaction.java';
const WEB_API = 'Kingjesse89123/provisio_print@a5e1d5eb008d9aba8d04900e7d86efba07d1cc07:pages/api/clearentapi.js';
const WEB_CHECKOUT = 'Kingjesse89123/provisio_print@a5e1d5eb008d9aba8d04900e7d86efba07d1cc07:pages/checkout.js';

const publicKey: HeaderSpec = {
  name: 'public-key', value: '{{hppPublicKey}}',
  doc: 'The HPP public key (GET /rest/v2/settings/terminal/hpp → hpp-public-key): the only credential of this call.',
};
const mobileJwt: HeaderSpec = {
  name: 'mobilejwt', value: '{{mobileJwt}}',
  doc: 'A mobile JWT from "Tokenize typed card" (payload["mobile-jwt"].jwt); each is charged once, within its lifetime.',
};

const amount: FieldSpec = { name: 'amount', type: 'string', required: true, check: 'amount', doc: 'Amount as a decimal string with two places, e.g. "25.00".' };
const chargeFields = (type: string, extra: readonly FieldSpec[] = []): readonly FieldSpec[] => [
  { name: 'type', type: 'string', values: [type], anyCase: true, doc: `Transaction type (any case); optional because the path selects ${type}.` },
  amount,
  { name: 'card', type: 'string', check: 'luhn', doc: 'Optional: the card the JWT stands for (the JWT carries it; another card is refused).' },
  { name: 'exp-date', type: 'string', check: 'expDate', doc: 'Optional: the card expiry as MMYY (the JWT carries it).' },
  { name: 'csc', type: 'string', check: 'csc', doc: 'Card security code (3 or 4 digits); never stored.' },
  { name: 'tip-amount', type: 'string', check: 'amount', doc: 'Tip included in the amount.' },
  { name: 'sales-tax-amount', type: 'string', check: 'amount', doc: 'Sales tax included in the amount.' },
  { name: 'sales-tax-type', type: 'string', values: ['LOCAL_SALES_TAX', 'TAX_EXEMPT'], doc: 'Kind of sales tax.' },
  { name: 'service-fee', type: 'string', check: 'amount', doc: 'Service fee; echoed, not computed.' },
  { name: 'email-receipt', type: 'string', values: ['true', 'false'], doc: 'Set "true" to email a receipt to email-address.' },
  ...extra, ...referenceFields, ...addressBlock, ...softwareFields,
];

const entries: readonly OperationEntry[] = [
  {
    id: 'mobile.manualToken', title: 'Tokenize typed card (mobile JWT)', group: 'mobile', method: 'POST',
    evidence: [IOS_MANUAL, IOS_CARD, IOS_TOKEN, WEB_CHECKOUT],
    path: '/rest/v2/mobilejwt/manual', payloadType: 'mobile-jwt', safety: 'write', headers: [publicKey],
    doc: 'Turns typed card data into a one-time mobile JWT (payload["mobile-jwt"]: jwt, last-four, card-type, cvm), authorized by the HPP public key alone, as the iOS SDK\'s manual entry and the JavaScript SDK do.',
    body: {
      kind: 'json',
      fields: [
        { name: 'card', type: 'string', required: true, check: 'luhn', doc: 'Card number (PAN) as typed; never stored, never in the JWT.' },
        { name: 'exp-date', type: 'string', required: true, check: 'expDate', doc: 'Card expiry as MMYY, e.g. "1230".' },
        { name: 'csc', type: 'string', check: 'csc', doc: 'Card security code (3 or 4 digits); never stored.' },
        ...softwareFields,
      ],
      sample: { card: '4111111111111111', 'exp-date': '1230', csc: '999', ...sampleSoftware },
    },
  },
  {
    id: 'mobile.sale', title: 'Mobile sale', group: 'mobile', method: 'POST',
    evidence: [IOS_HTTP, IOS_SALE, ANDROID, ANDROID_SALE, WEB_API, WEB_CHECKOUT],
    verifyWith: 'transactions.search',
    path: '/rest/v2/mobile/transactions/sale', payloadType: 'transaction', safety: 'moves-money', headers: [mobileJwt],
    doc: 'Charges the card a mobile JWT stands for (mobilejwt header, with the api-key): the sale joins the open batch like a card sale; decline amounts decline; create-token "true" keeps the card as a vault token.',
    body: { kind: 'json', fields: chargeFields('SALE', tokenizeFields), sample: { type: 'SALE', amount: '25.00', invoice: 'INV-1001', ...sampleSoftware } },
  },
  {
    id: 'mobile.refund', title: 'Mobile refund', group: 'mobile', method: 'POST',
    evidence: [IOS_HTTP, IOS_SALE],
    verifyWith: 'transactions.search',
    path: '/rest/v2/mobile/transactions/refund', payloadType: 'transaction', safety: 'moves-money', headers: [mobileJwt],
    doc: 'Refunds an amount to the card a mobile JWT stands for (no earlier transaction id: the iOS SDK sends its sale fields), into the open batch.',
    body: { kind: 'json', fields: chargeFields('REFUND'), sample: { type: 'REFUND', amount: '5.00', ...sampleSoftware } },
  },
  {
    id: 'mobile.receipt', title: 'E-mail receipt', group: 'mobile', method: 'POST',
    evidence: [IOS_RECEIPT, IOS_HTTP, IOS_HTTP_RS, ANDROID_RECEIPT, ANDROID_RECEIPT_BODY],
    verifyWith: 'transactions.search',
    path: '/rest/v2/receipts', payloadType: 'receipt', safety: 'write',
    doc: 'E-mails a receipt of a transaction to an address (the iOS SDK after a sale, the Android demo): the receipt is kept on its transaction (a "receipt" link on GET /rest/v2/transactions?id=); an unknown transaction is 404.',
    body: {
      kind: 'json',
      fields: [
        { name: 'id', type: 'integer', required: true, check: 'digits', doc: 'The transaction id (the iOS SDK sends a number, the Android demo a string of digits).' },
        { name: 'email-address', type: 'string', required: true, check: 'email', doc: 'Where the receipt is e-mailed.' },
      ],
      sample: { id: '{{transactionId}}', 'email-address': 'cardholder@example.com' },
    },
  },
  {
    id: 'mobile.signature', title: 'Send signature', group: 'mobile', method: 'POST',
    evidence: [IOS_SIGNATURE, IOS_HTTP, IOS_HTTP_RS],
    verifyWith: 'transactions.search',
    path: '/rest/v2/signature', payloadType: 'signature', safety: 'write',
    doc: 'Attaches the cardholder\'s captured signature (a base64 image) to a transaction, as the iOS SDK does after a sale; sent again, the latest is the transaction\'s (a "signature" link on GET /rest/v2/transactions?id=); an unknown transaction is 404.',
    body: {
      kind: 'json',
      fields: [
        { name: 'transaction-id', type: 'integer', required: true, check: 'digits', doc: 'The transaction id, as a number.' },
        { name: 'base-64-image', type: 'string', required: true, doc: 'The signature image (PNG or JPEG), base64-encoded.' },
        { name: 'created', type: 'string', doc: 'When it was signed, as the SDK writes it: "yyyy-MM-dd HH:mm" (UTC).' },
      ],
      sample: {
        'transaction-id': '{{transactionId}}', created: '2026-01-15 10:30',
        'base-64-image': 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      },
    },
  },
  {
    id: 'mobile.readerConfiguration', title: 'Reader configuration', group: 'mobile', method: 'GET',
    evidence: [IOS_CONFIG, IOS_CONFIGURATION, IOS_CONFIG_ANSWER, ANDROID_CONFIG],
    path: '/rest/v2/mobile/devices/{serial}/{kernel}', payloadType: 'mobile-device', safety: 'read', headers: [publicKey],
    params: [
      { name: 'serial', in: 'path', required: true, type: 'string', doc: 'The card reader\'s serial number, its first 10 characters (as the iOS SDK cuts it), e.g. 737T003754.', sandboxValue: '737T003754' },
      { name: 'kernel', in: 'path', required: true, type: 'string', doc: 'The reader\'s EMV kernel version, URL-encoded, e.g. "EMV Common L2 V1.10".', sandboxValue: 'EMV Common L2 V1.10' },
    ],
    doc: 'The EMV configuration a card reader loads (payload["mobile-device"]: contact-aids, contactless-aids, ca-public-keys), authorized by the HPP public key alone, as the iOS SDK\'s configuration fetcher and the Android SDK ask for it.',
  },
];

export const mobile = entries.map(defineOperation);
