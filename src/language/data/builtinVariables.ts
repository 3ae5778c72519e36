// Variables every request file has: the base URLs of the environment a request is sent to.

export const BUILTIN_VARIABLES: ReadonlyArray<{ name: string; doc: string }> = [
  { name: 'gatewayUrl', doc: 'Base URL of the gateway (paths under /rest/) of the environment the request is sent to; set at send time.' },
  { name: 'boardingUrl', doc: 'Base URL of boarding (paths under /api/) of the environment the request is sent to; set at send time.' },
];
