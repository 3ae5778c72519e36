// The request flows of public clients of the real gateway that the conformance suite
// replays. Each is written from facts about the client (paths, field names, formats, what it
// reads), never from its code; the sources are the facts file's tags (S1…S12) and the evidence
// listed in docs/sandbox.md ("Conformance with public clients").
// `works`: the client's flow runs unchanged against the sandbox and every field it reads is
// there. `decision`: the sandbox deliberately does not model it; docs/sandbox.md says why, and
// the test checks the sandbox answers as documented.

export type Outcome = 'works' | 'decision';

export interface Flow { id: string; client: string; title: string; outcome: Outcome }

export const CLIENTS = {
  samples: 'Gateway published samples (S1: Java, Go, PHP, Python, C# 2015-17; 2024 rewrite)',
  plugin: 'CMS payment plugin (S2)',
  mobile: 'Mobile SDK (S6)',
  shop: 'E-commerce platform in production (Coreware PHP gateway class)',
  poller: 'Reconciliation poller (paged search)',
  openapi: 'Community OpenAPI description and generated SDK (S3)',
  ach: 'ACH payment provider (S11)',
  mobileTokens: 'Mobile SDK manual entry and Android demo (clearent/ClearentIdtechIOSFramework, clearent/Android_IDTech_VP3300_Demo)',
  webTokens: 'Web checkout on the JavaScript SDK (Kingjesse89123/provisio_print)',
  receipts: 'Mobile SDK receipts, signatures and reader configuration (clearent/ClearentIdtechIOSFramework, clearent/Android_IDTech_VP3300_Demo)',
} as const;

export const FLOWS: readonly Flow[] = [
  { id: 'samples-generic-sale', client: CLIENTS.samples, title: 'generic POST /rest/v2/transactions, type SALE, JSON', outcome: 'works' },
  { id: 'samples-generic-auth-capture', client: CLIENTS.samples, title: 'generic AUTH then CAPTURE by id', outcome: 'works' },
  { id: 'samples-generic-refund', client: CLIENTS.samples, title: 'generic SALE then REFUND by id', outcome: 'works' },
  { id: 'samples-generic-void', client: CLIENTS.samples, title: 'generic SALE then VOID by id', outcome: 'works' },
  { id: 'samples-generic-forced-sale', client: CLIENTS.samples, title: 'generic FORCED SALE with authorization-code', outcome: 'works' },
  { id: 'samples-xml-sale', client: CLIENTS.samples, title: 'XML <transaction> SALE with the api_key header (Go sample)', outcome: 'works' },
  { id: 'samples-token-lifecycle', client: CLIENTS.samples, title: 'card token create, read, update description, sale with it, delete', outcome: 'works' },
  { id: 'samples-terminal-settings', client: CLIENTS.samples, title: 'terminal settings read and update in JSON (Java)', outcome: 'works' },
  { id: 'samples-avs-csc-filters', client: CLIENTS.samples, title: 'AVS and CSC filters updated with JSON filter lists (Java)', outcome: 'works' },
  { id: 'samples-hpp-settings', client: CLIENTS.samples, title: 'HPP settings with hpp-domain and hpp-enabled (Java)', outcome: 'works' },
  { id: 'samples-batch-close', client: CLIENTS.samples, title: 'batch read on v2, close with a JSON {total-count, net-amount} body (Java)', outcome: 'works' },
  { id: 'plugin-sale-body-key', client: CLIENTS.plugin, title: 'generic SALE with api-key in the JSON body, addresses echoed back', outcome: 'works' },
  { id: 'plugin-decline', client: CLIENTS.plugin, title: 'declined SALE read from payload.transaction and payload.error', outcome: 'works' },
  { id: 'plugin-recurring-token', client: CLIENTS.plugin, title: 'recurring flow stores the card with last-four-digits', outcome: 'works' },
  { id: 'plugin-payment-plan', client: CLIENTS.plugin, title: 'recurring flow creates a customer, its token and a monthly payment plan', outcome: 'works' },
  { id: 'mobile-terminal-settings', client: CLIENTS.mobile, title: 'terminal settings in JSON, enable-tip decoded as a boolean', outcome: 'works' },
  { id: 'mobile-hpp-key', client: CLIENTS.mobile, title: 'HPP settings in JSON, hpp-public-key read', outcome: 'works' },
  { id: 'mobile-void', client: CLIENTS.mobile, title: 'void with {id, type VOID, software-type, software-type-version}', outcome: 'works' },
  { id: 'mobile-transactions', client: CLIENTS.mobile, title: 'card-present sale with a reader\'s mobilejwt (401: not minted here); ACH on the mobile path (404)', outcome: 'decision' },
  { id: 'shop-sale-avs-csc', client: CLIENTS.shop, title: 'sale (type "sale") with billing and CSC, AVS and CSC results read', outcome: 'works' },
  { id: 'shop-auth-capture', client: CLIENTS.shop, title: 'auth, search by id, capture with order-id, invoice and sales tax', outcome: 'works' },
  { id: 'shop-ach-token-exists', client: CLIENTS.shop, title: 'ACH token created twice: 028 and the existing token in links[0].id', outcome: 'works' },
  { id: 'shop-ach-debit-void', client: CLIENTS.shop, title: 'ACH debit with a token, voided by DELETE carrying a JSON body', outcome: 'works' },
  { id: 'shop-ach-refund', client: CLIENTS.shop, title: 'ACH debit settles; token and transaction compared; credit issued', outcome: 'works' },
  { id: 'poller-pages', client: CLIENTS.poller, title: 'search from page=1 until number == total-pages', outcome: 'works' },
  { id: 'openapi-sale-refund-search', client: CLIENTS.openapi, title: 'typed sale and refund with the required sets, then search', outcome: 'works' },
  { id: 'openapi-create-merchant', client: CLIENTS.openapi, title: 'create a merchant under a hierarchy node with AccessKey only', outcome: 'works' },
  { id: 'ach-token-debit', client: CLIENTS.ach, title: 'recurring ACH debit with token-id on /rest/v2/ach/transactions/debit', outcome: 'works' },
  // Recurring billing (issue 33): customers, their tokens, payment plans charged on the clock.
  { id: 'samples-customer-lifecycle', client: CLIENTS.samples, title: 'customer create, get, list, update one field, delete (PHP 2021, Java)', outcome: 'works' },
  { id: 'samples-plan-lifecycle', client: CLIENTS.samples, title: 'payment plan create on a customer token, get, update plan-name, list by customer, delete', outcome: 'works' },
  { id: 'shop-customer-profile', client: CLIENTS.shop, title: 'customer profile with billing/shipping, its tokens listed, profile deleted', outcome: 'works' },
  { id: 'recurring-plan-charges-on-clock', client: CLIENTS.samples, title: 'a due plan charges its token when the clock passes the date: sale in the open batch, or a decline', outcome: 'works' },
  { id: 'recurring-delete-in-use', client: CLIENTS.samples, title: 'a customer or token a plan uses is not deleted until the plan is', outcome: 'works' },
  { id: 'recurring-bad-input', client: CLIENTS.samples, title: 'customers and plans: 400 naming the field, 401 without a key, 404 for unknown keys', outcome: 'works' },
  { id: 'mobile-manual-token', client: CLIENTS.mobileTokens, title: 'typed card tokenized with the HPP public key: payload["mobile-jwt"] jwt, last-four, card-type, cvm', outcome: 'works' },
  { id: 'mobile-manual-token-refused', client: CLIENTS.mobileTokens, title: 'a wrong or missing public-key is 401, a bad card 400 naming it', outcome: 'works' },
  { id: 'mobile-ios-sale-refund', client: CLIENTS.mobileTokens, title: 'SaleEntity sale and refund on /rest/v2/mobile/transactions with mobilejwt; void on the card path', outcome: 'works' },
  { id: 'mobile-android-sale', client: CLIENTS.mobileTokens, title: 'sale with mobilejwt and api-key headers, id/result/status/display-message read', outcome: 'works' },
  { id: 'web-jssdk-checkout', client: CLIENTS.webTokens, title: 'the page loads /js-sdk/js/clearent-host.js with no key; its tokenizing POST from the page\'s origin passes the CORS preflight and is readable; the back end charges the token', outcome: 'works' },
  { id: 'web-jssdk-sale', client: CLIENTS.webTokens, title: 'the JS SDK token charged with tax, tip and service fee; a decline amount declines (402)', outcome: 'works' },
  { id: 'mobile-jwt-refused', client: CLIENTS.mobileTokens, title: 'a token is charged once, within its lifetime, unaltered, with the api-key: else 401', outcome: 'works' },
  { id: 'mobile-jwt-card-mismatch', client: CLIENTS.mobileTokens, title: 'a body card that is not the token\'s card is 400', outcome: 'works' },
  // AVS on tokenization (issue 33): require-avs with the billing address answers avs-result-code.
  { id: 'samples-token-avs', client: CLIENTS.samples, title: 'token create with require-avs "true", avs-address and avs-zip (Java TokenAVS): avs-result-code on the token and its GET', outcome: 'works' },
  { id: 'token-avs-test-values', client: CLIENTS.samples, title: 'the AVS test zips give their codes on a token; AVS rules refuse a required result they do not allow (402 046)', outcome: 'works' },
  { id: 'token-avs-no-address', client: CLIENTS.samples, title: 'require-avs with neither avs-zip nor avs-address is 400 naming them', outcome: 'works' },
  { id: 'shop-token-no-require-avs', client: CLIENTS.shop, title: 'payment profile token with avs-address and avs-zip but no require-avs: no AVS result', outcome: 'works' },
  // Receipts, signatures and reader configuration (issue 33).
  { id: 'mobile-ios-receipt', client: CLIENTS.receipts, title: 'ReceiptEntity {id (number), email-address} after a mobile sale: code/status/payloadType "receipt" read; seen on the transaction', outcome: 'works' },
  { id: 'mobile-android-receipt', client: CLIENTS.receipts, title: 'PostReceiptTask {id (string), email-address} with the api-key: HTTP 200 read', outcome: 'works' },
  { id: 'mobile-ios-signature', client: CLIENTS.receipts, title: 'SignatureEntity {base-64-image, created, transaction-id (number)}: payloadType "signature", links; resent; seen on the transaction', outcome: 'works' },
  { id: 'mobile-receipt-signature-refused', client: CLIENTS.receipts, title: 'receipts and signatures: 400 naming the field, 401 without a key, 404 for an unknown transaction', outcome: 'works' },
  { id: 'mobile-reader-configuration', client: CLIENTS.receipts, title: 'GET /rest/v2/mobile/devices/{serial}/{kernel} with public-key: payload["mobile-device"] contact-aids, ca-public-keys; wrong key 401', outcome: 'works' },
];

export function flowById(id: string): Flow {
  const flow = FLOWS.find((f) => f.id === id);
  if (!flow) throw new Error(`Unknown conformance flow "${id}": add it to test/conformance/flows.ts first.`);
  return flow;
}
