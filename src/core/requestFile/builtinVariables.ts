// Variables every request file has, filled from the environment a request is sent to. The run
// engine supplies their values (src/core/runner/prepare.ts); the language server completes
// and explains them from this list.

export const BUILTIN_VARIABLES: ReadonlyArray<{ name: string; doc: string }> = [
  { name: 'gatewayUrl', doc: 'Base URL of the gateway (paths under /rest/) of the environment the request is sent to; set at send time.' },
  { name: 'boardingUrl', doc: 'Base URL of boarding (paths under /api/) of the environment the request is sent to; set at send time.' },
  { name: 'merchantId', doc: 'Merchant number of the environment\'s keys (document and merchant paths); set at send time from the stored MerchantId.' },
];
