// Property: whatever card data a request carries — a CSC of any characters (quotes, backslashes,
// controls, any Unicode), a Luhn-valid card number, a bank account number — in a one-line or a
// multi-line JSON body, no language's program holds any of it, nor does the redacted answer an
// agent gets (gateway_generate_code's). And the redactor alone is robust to the way each
// language writes a body into its code: given the program as the renderer would write it with
// the values in (escaped string literals, `\"csc\": \"999\"`), the redacted text holds none of them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { LANGUAGES, codeRequestFromFile, renderProgram } from '../../src/core/codegen/programs';
import { parseRequestFile } from '../../src/core/requestFile';
import { redact } from '../../src/core/protection/redaction';
import { hostileText } from './hostileValues';

const RUNS = Number(process.env.CODEGEN_FUZZ_RUNS ?? 200);
/** Marks every CSC: a program's own text never holds it, so finding it means part of the CSC survived. */
const MARK = 'Zq';

/** A card number of 16 digits passing Luhn, starting with 4. */
const cardNumber = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 14, maxLength: 14 }).map((digits) => {
  const body = [4, ...digits];
  const sum = body.reverse().reduce((total, d, i) => total + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return `${[...body].reverse().join('')}${(10 - (sum % 10)) % 10}`;
});
/** A bank account number: 9 to 17 digits, not starting with 0 (so it is no shorter run of itself). */
const accountNumber = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 16 })).map(([d, rest]) => `${d}${rest.join('')}`);
/** A CSC: any characters around the marks, the way a stranger's file could write one. */
const csc = fc.tuple(hostileText('/nonexistent/CANARY', { maxParts: 3 }), hostileText('/nonexistent/CANARY', { maxParts: 3 }))
  .map(([a, b]) => `${a}${MARK}${b}${MARK}`);

interface CardDataCase {
  card: string;
  csc: string;
  account: string;
  multiline: boolean;
}

const cases = fc.record({ card: cardNumber, csc, account: accountNumber, multiline: fc.boolean() });

function requestText({ card, csc: code, account, multiline }: CardDataCase): string {
  const fields: Array<[string, string]> = [['type', 'SALE'], ['amount', '1.00'], ['card', card], ['exp-date', '1230'], ['csc', code], ['account-number', account]];
  const body = multiline ? `{\n${fields.map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}` : JSON.stringify(Object.fromEntries(fields)).replace(/,"/g, ', "').replace(/":/g, '": ');
  return `POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n${body}\n`;
}

/** What of the card data is in `text`: nothing, when the property holds. */
function survivors(text: string, { card, account }: CardDataCase): string[] {
  return [
    ...(text.includes(MARK) ? ['part of the CSC'] : []),
    ...(text.includes(card) ? ['the card number'] : []),
    ...(text.includes(account) ? ['the account number'] : []),
  ];
}

describe('card data never in generated code, nor in a tool\'s answer holding it', () => {
  for (const language of LANGUAGES) {
    it(`${language.id}: ${RUNS} requests with hostile card data — the program and the agent's answer carry none of it`, () => {
      fc.assert(fc.property(cases, (c) => {
        const text = requestText(c);
        const program = renderProgram(language, codeRequestFromFile(parseRequestFile(text), 0));
        assert.deepEqual(survivors(program.code, c), [], `in the program:\n${text}\n${program.code}`);
        assert.deepEqual(survivors(redact(program.code), c), [], 'in the redacted answer');
        // The program reads each from its environment instead.
        assert.deepEqual(['CARD', 'CSC', 'ACCOUNT_NUMBER'].filter((name) => !program.request.parameters.some((p) => p.name === name && p.secret)), []);
      }), { numRuns: RUNS });
    });

    it(`${language.id}: the redactor finds card data in the program as the renderer writes it with the values in (escaped quotes)`, () => {
      // A CSC holding `{{x}}` is no case here: the renderer alone reads X from the environment and names it in its comment.
      fc.assert(fc.property(cases.map((c) => ({ ...c, csc: c.csc.replace(/\{+/g, '{') })), (c) => {
        const text = requestText(c);
        // The renderer on its own, the values still in the request: what a program held before the generator read them from the environment.
        const written = language.render(codeRequestFromFile(parseRequestFile(text), 0), {});
        assert.deepEqual(survivors(redact(written), c), [], `redacted:\n${redact(written)}`);
      }), { numRuns: RUNS });
    });
  }
});
