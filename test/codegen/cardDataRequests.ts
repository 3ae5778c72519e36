// Request files that carry card data — a full test card number, a CSC and a bank account number,
// in a one-line JSON body (the body most languages write as an escaped string literal), in a
// multi-line one, in XML and in a query — and the checks that a generated program, or a tool's
// answer holding one, carries none of them: a card or an account shown by its last four at most.
import assert from 'node:assert/strict';

export const CARD = '4111111111111111';
/** A CSC no program text holds otherwise (no port, amount or year is 7319). */
export const CSC = '7319';
export const ACCOUNT = '5550001234987';

export const CARD_DATA_REQUESTS: ReadonlyArray<{ name: string; text: string }> = [
  {
    name: 'a one-line JSON sale',
    text: `POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{"type": "SALE", "amount": "1.00", "card": "${CARD}", "exp-date": "1230", "csc": "${CSC}"}\n`,
  },
  {
    name: 'a multi-line JSON sale, the card from a file variable, the CSC a number',
    text: `@card = ${CARD}\n\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{\n  "type": "SALE",\n  "amount": "1.00",\n  "card": "{{card}}",\n  "exp-date": "1230",\n  "csc": ${CSC}\n}\n`,
  },
  {
    name: 'a one-line ACH debit',
    text: `POST {{gatewayUrl}}/rest/v2/ach/transactions\nContent-Type: application/json\n\n{"type": "DEBIT", "amount": "1.00", "routing-number": "081009813", "account-number": "${ACCOUNT}", "account-type": "Checking", "individual-name": "Jordan Smith"}\n`,
  },
  {
    name: 'an XML sale',
    text: `POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/xml\n\n<transaction><type>SALE</type><amount>1.00</amount><card>${CARD}</card><exp-date>1230</exp-date><csc>${CSC}</csc></transaction>\n`,
  },
  {
    name: 'a query holding an account number and a CSC',
    text: `GET {{gatewayUrl}}/rest/v2/transactions?account-number=${ACCOUNT}&csc=${CSC}\n`,
  },
];

/** Fails when `text` holds a full card number, the CSC or a full account number. */
export function assertNoCardData(text: string, where: string): void {
  for (const [what, value] of [['the full card number', CARD], ['the CSC', CSC], ['the full account number', ACCOUNT]]) {
    const at = text.indexOf(value);
    assert.ok(at < 0, `${where}: ${what} is in it: …${text.slice(Math.max(0, at - 60), at + value.length + 20)}…`);
  }
}
