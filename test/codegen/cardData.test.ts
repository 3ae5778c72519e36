// Card data in a request never reaches a generated program: the CLI's `generate` and the
// functions the editor's Generate Code calls (a request file's request, an operation with a
// history entry's body) write no full card number, CSC or account number into any language.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { operationById } from '../../src/catalog';
import { LANGUAGES, codeRequestFromFile, codeRequestFromOperation, languageById, renderProgram } from '../../src/core/codegen/programs';
import { parseRequestFile } from '../../src/core/requestFile';
import { maskCardNumbers } from '../../src/core/protection/cardNumberMasking';
import { runToEnd } from '../cli/processRun';
import { ACCOUNT, CARD, CARD_DATA_REQUESTS, CSC, assertNoCardData } from './cardDataRequests';

const ROOT = path.resolve(__dirname, '../..');

/** Runs `check` on every case, then fails once naming each that failed. */
function everyCase(cases: ReadonlyArray<[string, () => void]>): void {
  const failed: string[] = [];
  for (const [name, check] of cases) {
    try {
      check();
    } catch (err) {
      failed.push(`${name}: ${(err as Error).message}`);
    }
  }
  assert.deepEqual(failed, []);
}

describe('card data in a request, never in its generated program', () => {
  it('the editor\'s request-file path (codeRequestFromFile + renderProgram), every language', () => {
    everyCase(LANGUAGES.flatMap((language) => CARD_DATA_REQUESTS.map((request): [string, () => void] => [`${language.id}, ${request.name}`, () => {
      const program = renderProgram(language, codeRequestFromFile(parseRequestFile(request.text), 0, { gatewayUrl: 'http://127.0.0.1:9/' }));
      assertNoCardData(program.code, `${language.id}, ${request.name}`);
    }])));
  });

  it('the editor\'s history path (an operation with the body a history entry kept), every language', () => {
    const sale = operationById('transactions.sale');
    const debit = operationById('achTransactions.create');
    assert.ok(sale && debit);
    const bodies: Array<[typeof sale, string]> = [
      [sale, `{"type": "SALE", "amount": "1.00", "card": "${CARD}", "exp-date": "1230", "csc": "${CSC}"}`],
      [debit, `{"type": "DEBIT", "amount": "1.00", "routing-number": "081009813", "account-number": "${ACCOUNT}"}`],
    ];
    everyCase(LANGUAGES.flatMap((language) => bodies.map(([op, body]): [string, () => void] => [`${language.id}, ${op.id}`, () => {
      const request = codeRequestFromOperation(op, { gatewayUrl: 'http://127.0.0.1:9/' });
      assert.ok(request.body);
      const program = renderProgram(language, { ...request, body: { ...request.body, text: [{ text: body }] } });
      assertNoCardData(program.code, `${language.id}, ${op.id} from history`);
    }])));
  });

  it('a history entry\'s masked card and hidden CSC are read from the environment too: the program cannot send the mask', () => {
    const sale = operationById('transactions.sale');
    assert.ok(sale);
    const request = codeRequestFromOperation(sale);
    assert.ok(request.body);
    const program = renderProgram(languageById('python')!, { ...request, body: { ...request.body, text: [{ text: '{"type":"SALE","amount":"1.00","card":"XXXXXXXXXXXX1111","exp-date":"1230","csc":"***"}' }] } });
    assert.ok(!program.code.includes('XXXXXXXXXXXX1111') && !program.code.includes('***'), program.code);
    assert.deepEqual(program.request.parameters.filter((p) => p.secret).map((p) => p.name), ['GATEWAY_API_KEY', 'CARD', 'CSC']);
    assert.match(program.code, /CARD +the card number \("card", ending 1111\)/);
  });

  it('the catalog\'s sample bodies: no operation\'s program carries a card number, CSC or account number', () => {
    // The samples hold the sandbox's test cards: a program from one must read them like any card.
    const failed: string[] = [];
    for (const language of LANGUAGES) {
      for (const id of ['transactions.sale', 'tokens.create', 'achTransactions.create', 'achTokens.create']) {
        const op = operationById(id);
        assert.ok(op, id);
        const code = renderProgram(language, codeRequestFromOperation(op)).code;
        const unescaped = code.replace(/\\+"/g, '"');
        if (maskCardNumbers(code) !== code) failed.push(`${language.id} ${id}: a card number`);
        if (/"(csc|cvv)"\s*:\s*"?\d|<csc>\d/i.test(unescaped)) failed.push(`${language.id} ${id}: a CSC`);
        if (/"account-?number"\s*:\s*"?\d{5}|<account-?number>\d{5}/i.test(unescaped)) failed.push(`${language.id} ${id}: an account number`);
      }
    }
    assert.deepEqual(failed, []);
  });

  it('`gateway-workbench generate --lang X`: every language, every request', { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gw-generate-card-'));
    const failed: string[] = [];
    for (const [k, request] of CARD_DATA_REQUESTS.entries()) {
      const file = path.join(dir, `card-${k}.gwreq`);
      writeFileSync(file, request.text);
      for (const language of LANGUAGES) {
        const run = await runToEnd(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), 'generate', '--lang', language.id, file], { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } });
        assert.equal(run.code, 0, `${language.id}, ${request.name}: ${run.stderr}`);
        try {
          assertNoCardData(run.stdout + run.stderr, `${language.id}, ${request.name}`);
        } catch (err) {
          failed.push((err as Error).message);
        }
      }
    }
    assert.deepEqual(failed, []);
  });
});
