// The sandbox merchant's fixed terminal (the sample terminal id of docs/gateway-facts.md); the merchant id is
// generated per sandbox and kept with its keys.
export const SANDBOX_TERMINAL = {
  terminalId: '10018001',
  terminalName: 'Local sandbox terminal',
  merchantName: 'Gateway Workbench Sandbox Merchant',
} as const;
