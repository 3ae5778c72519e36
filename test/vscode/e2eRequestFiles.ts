// The e2e scenario's request-file walk, tried as a new user would: in the workspace
// folder, create walk.gwreq from the Explorer, write a sale with completion alone (method, path,
// header and its value, body fields, the enum value, a test card and an amount from the suggest
// widget), mistype a field, a card number and a routing number and find each in the Problems
// panel on its line, fix them, chain a refund to the sale through {{sale1.…}} completion and send
// both with the "Send All" code lens; then a body from a file, its path from completion, sent,
// and a missing one flagged in Problems. Runs with the Local sandbox active. The file is saved and
// read back from disk for the text assertions (Monaco renders only what is on screen). Saves
// artifacts/e2e-request-file.png (scripts/update-media.sh makes it the README's media/request-file.png).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { parseRequestFile } from '../../src/core/requestFile';
import {
  acceptSuggestion, afterTexts, answerInput, clearNotifications, goToPosition, normalizeText, openViewContainer, pasteText, pickQuickItem, runCommand, selectors, toast,
  triggerSuggest, waitForActiveEditorText, waitForLensLines, type Step,
} from './workbenchUi';
import { findFile, generateCurl } from './e2eLocalSandbox';
import { setExpanded } from './e2eEnvironments';

const FILE = 'walk.gwreq';
const BODY_FILE_REQUEST = 'from-file.gwreq';
const PROMPT_REQUEST = 'prompted.gwreq';
const NOTE_REQUEST = 'noted.gwreq';
/** Typed into a `# @prompt token` box: hidden like a key wherever it would show. */
const TYPED_TOKEN = 'typed-token-e2e-4c81';
const CARD = '4111111111111111';
const BAD_CARD = '4111111111111112';
const BAD_ROUTING = '081009812';

/** What completion writes, once "Format Document" has indented the body. */
const SALE_TEXT = [
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',
  'Content-Type: application/json',
  '',
  '{',
  '    "type": "SALE",',
  '    "amount": "25.00",',
  `    "card": "${CARD}",`,
  '    "exp-date": "1230"',
  '}',
].join('\n');

/** Pasted below the sale: an ACH debit whose routing number fails the ABA checksum. */
const ACH_REQUEST = [
  '', '', '###', 'POST {{gatewayUrl}}/rest/v2/ach/transactions/debit', 'Content-Type: application/json', '',
  `{"routing-number": "${BAD_ROUTING}", "account-number": "1234567890", "account-type": "Checking", `
    + '"individual-name": "Jordan Smith", "standard-entry-class-code": "PPD", "amount": "25.00"}',
].join('\n');

/** The sale named and chained to a refund of part of it, each with expectations. */
const CHAINED_TEXT = [
  '# @name sale1',
  '# @expect status 200',
  SALE_TEXT,
  '',
  '###',
  '# @expect status 200',
  '# @expect payload.transaction.result == APPROVED',
  'POST {{gatewayUrl}}/rest/v2/transactions/refund',
  'Content-Type: application/json',
  '',
  '{',
  '    "type": "REFUND",',
  '    "id": "{{sale1.payload.transaction.id}}",',
  '    "amount": "5.00"',
  '}',
].join('\n');

/** `POST` from completion, then the path from the list it opens, narrowed by typing `filter`. */
async function completeRequestLine(page: Page, filter: string, target: string): Promise<void> {
  await page.keyboard.type('PO');
  await triggerSuggest(page);
  await acceptSuggestion(page, 'POST');
  await acceptSuggestion(page, target, filter);
}

/** From the end of the request line: a completed `Content-Type: application/json`, a blank line, `{}`. */
async function completeJsonHeaderAndOpenBody(page: Page): Promise<void> {
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Con');
  await triggerSuggest(page);
  await acceptSuggestion(page, 'Content-Type');
  await acceptSuggestion(page, 'application/json');   // the snippet's choice of values
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // Pasted: typed, whether the editor closes and indents the braces depends on how far its
  // background tokenizer has got.
  await pasteText(page, '{\n\n}');
  await page.keyboard.press('ArrowUp');
}

/** A body field from completion (on a new line after the current field with `newLine`). */
async function completeField(page: Page, field: string, opts: { newLine?: boolean; filter?: string } = {}): Promise<void> {
  if (opts.newLine) {
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
  }
  await triggerSuggest(page);
  await acceptSuggestion(page, field, opts.filter);
}

/** Types `# @`, then picks the keyword from completion (and for `@expect`, its subject). */
async function completeMetadata(page: Page, keyword: 'name' | 'expect', subject?: string): Promise<void> {
  await page.keyboard.type('# @');
  await triggerSuggest(page);
  await acceptSuggestion(page, keyword);
  if (subject) await acceptSuggestion(page, subject);   // "expect" asks for its subjects at once
  if (keyword === 'name' || subject === 'status') await page.keyboard.press('Escape');   // keep the default placeholder
}

/** 1-based line and column of the first `what` in `text`, as the Problems panel shows them. */
function positionOf(text: string, what: string): { line: number; column: number } {
  const offset = text.indexOf(what);
  assert.ok(offset >= 0, `"${what}" is not in the file`);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

export function requestFileSteps(workspace: () => string, artifacts: string, userData: () => string): Step[] {
  const filePath = () => path.join(workspace(), FILE);
  /**
   * Saves with the keyboard and reads the file back as it lands on disk (the write is
   * asynchronous), until `ready` accepts it.
   */
  const saved = async (page: Page, ready: (text: string) => boolean): Promise<string> => {
    await page.keyboard.press('ControlOrMeta+S');
    return waitForFile(filePath(), ready);
  };
  return [
    {
      name: `a new ${FILE} from the Explorer opens as a Gateway Request document`,
      run: async page => {
        // One editor group (earlier steps left a result beside the sale), so the result of this
        // walk opens beside the file.
        await runCommand(page, 'View: Single Column Editor Layout');
        await runCommand(page, 'View: Show Explorer');
        const header = page.locator(selectors.explorerFoldersHeader);
        await header.hover();
        await header.locator(selectors.newFileAction).click();
        const input = page.locator(selectors.explorerNameInput);
        await input.waitFor();
        await page.keyboard.type(FILE);
        await page.keyboard.press('Enter');
        await page.locator(selectors.activeTab).filter({ hasText: FILE }).waitFor({ timeout: 15_000 });
        await page.locator(selectors.languageStatus).filter({ hasText: 'Gateway Request' }).waitFor({ timeout: 15_000 });
        assert.ok(fs.existsSync(filePath()), `${FILE} was not created in the workspace folder`);
      },
    },
    {
      name: 'a sale written with completion alone: method, path, header, body fields, enum value, test card',
      run: async page => {
        await page.locator(selectors.activeEditorLines).click();
        await completeRequestLine(page, 'sale', '{{gatewayUrl}}/rest/v2/transactions/sale');
        await completeJsonHeaderAndOpenBody(page);
        await completeField(page, 'type', { filter: 'type' });
        await acceptSuggestion(page, '"SALE"');   // the field's enum values, as the snippet's choice
        for (const [field, value] of [['amount', '25.00'], ['card', CARD], ['exp-date', '1230']]) {
          await completeField(page, field, { newLine: true });
          await triggerSuggest(page);   // the sandbox's amounts, test cards and a future expiry
          await acceptSuggestion(page, value);
        }
        // The server formats JSON bodies: the user tidies the indentation with "Format Document".
        await runCommand(page, 'Format Document');
        const text = await saved(page, t => t === SALE_TEXT);
        assert.equal(text, SALE_TEXT);
        const [sale] = parseRequestFile(text).requests;
        assert.equal(sale.target, '{{gatewayUrl}}/rest/v2/transactions/sale');
        assert.deepEqual(JSON.parse(sale.body?.text ?? ''), { type: 'SALE', amount: '25.00', card: '4111111111111111', 'exp-date': '1230' });
      },
    },
    {
      name: 'a mistyped field, card number and routing number are each flagged on their line in Problems',
      run: async page => {
        const amount = positionOf(SALE_TEXT, '"amount"');
        await goToPosition(page, amount.line, amount.column + 5);   // just after "amou"
        await page.keyboard.press('Delete');
        const card = positionOf(SALE_TEXT, CARD);
        await goToPosition(page, card.line, card.column + CARD.length - 1);
        await page.keyboard.press('Shift+ArrowRight');
        await page.keyboard.type('2');
        await page.keyboard.press('ControlOrMeta+End');
        await pasteText(page, ACH_REQUEST);
        const text = await saved(page, t => t.includes(BAD_ROUTING));
        const expected = [
          { where: positionOf(text, '"amout"'), message: 'unknown field "amout" in Sale: did you mean "amount"?' },
          { where: positionOf(text, BAD_CARD), message: 'card: not a valid card number: the Luhn checksum fails' },
          { where: positionOf(text, BAD_ROUTING), message: 'routing-number: not a valid routing number: the ABA checksum (3-7-1) fails' },
        ];
        await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
        const rows = page.locator(selectors.problemRow);
        for (const { where, message } of expected) {
          const row = rows.filter({ hasText: message }).filter({ hasText: `[Ln ${where.line}, Col ${where.column}]` }).first();
          await row.waitFor({ timeout: 15_000 }).catch(async () => {
            throw new Error(`Problems does not show "${message}" at [Ln ${where.line}, Col ${where.column}]; it shows: ${normalizeText((await rows.allInnerTexts()).join(' | '))}`);
          });
          console.log(`  problem: ${normalizeText(await row.innerText())}`);
        }
      },
    },
    {
      name: 'fixing the three mistakes clears the Problems panel',
      run: async page => {
        const text = await saved(page, t => t.includes(BAD_ROUTING));
        const amount = positionOf(text, '"amout"');
        await goToPosition(page, amount.line, amount.column + 5);
        await page.keyboard.type('n');
        const card = positionOf(text, BAD_CARD);
        await goToPosition(page, card.line, card.column + BAD_CARD.length - 1);
        await page.keyboard.press('Shift+ArrowRight');
        await page.keyboard.type('1');
        // The ACH request goes again: select from the end of the sale to the end of the file.
        const end = positionOf(text, ACH_REQUEST);
        await goToPosition(page, end.line, end.column);
        await page.keyboard.press('ControlOrMeta+Shift+End');
        await page.keyboard.press('Delete');
        assert.equal(await saved(page, t => t === SALE_TEXT), SALE_TEXT);
        await page.locator(selectors.problemRow).first().waitFor({ state: 'detached', timeout: 15_000 });
        await runCommand(page, 'View: Hide Panel');
      },
    },
    {
      name: 'a refund chained to the sale: @name, @expect and {{sale1.…}} from completion',
      run: async page => {
        await page.keyboard.press('ControlOrMeta+Home');
        await page.keyboard.press('Enter');
        await page.keyboard.press('ArrowUp');
        await completeMetadata(page, 'name');   // the snippet's default name is sale1
        await page.keyboard.press('End');
        await page.keyboard.press('Enter');
        await completeMetadata(page, 'expect', 'status');   // "status 200"
        await page.keyboard.press('ControlOrMeta+End');
        await pasteText(page, '\n\n###\n');
        await completeRequestLine(page, 'refund', '{{gatewayUrl}}/rest/v2/transactions/refund');
        // The expectations above the method line, now that it says which operation answers.
        await page.keyboard.press('Home');
        await page.keyboard.press('Enter');
        await page.keyboard.press('ArrowUp');
        await completeMetadata(page, 'expect', 'status');
        await page.keyboard.press('End');
        await page.keyboard.press('Enter');
        await completeMetadata(page, 'expect', 'payload.transaction.result');
        await acceptSuggestion(page, '==');
        await page.keyboard.press('Tab');
        await page.keyboard.type('APPROVED');
        await page.keyboard.press('Escape');
        await page.keyboard.press('ArrowDown');
        await completeJsonHeaderAndOpenBody(page);
        await completeField(page, 'type', { filter: 'type' });
        await acceptSuggestion(page, '"REFUND"');
        await completeField(page, 'id', { newLine: true, filter: 'id' });
        await pasteText(page, '{{');   // typed, the editor might close it as "{{}}", "{}" or not at all
        await triggerSuggest(page);
        await acceptSuggestion(page, 'sale1');   // an earlier named request
        await page.keyboard.type('.');          // the dot the user types (not doubled): its response paths follow
        await acceptSuggestion(page, 'sale1.payload.transaction.id');
        await completeField(page, 'amount', { newLine: true, filter: 'amount' });
        await page.keyboard.type('5.00');   // a partial refund: not one of the offered amounts
        await runCommand(page, 'Format Document');
        const text = await saved(page, t => t === CHAINED_TEXT);
        assert.equal(text, CHAINED_TEXT);
        const file = parseRequestFile(text);
        assert.deepEqual(file.requests.map(r => r.name), ['sale1', undefined]);
        assert.deepEqual(file.requests.map(r => r.expectations.map(e => e.text)), [['status 200'], ['status 200', 'payload.transaction.result == APPROVED']]);
      },
    },
    {
      name: 'the "Send All" code lens sends both: the refund is APPROVED and every request and expectation is marked ✓',
      run: async page => {
        await clearNotifications(page);
        // Each request's lenses stand right above its method line: Send, Send to…, Send All and
        // Code… above the sale's, Send, Send to… and Code… above the refund's.
        const methodLines = [positionOf(CHAINED_TEXT, 'POST').line, positionOf(CHAINED_TEXT, 'POST {{gatewayUrl}}/rest/v2/transactions/refund').line];
        const lensLines = await waitForLensLines(page, FILE, lines => lines.length === 7 && lines[6].line === methodLines[1]);
        assert.deepEqual(lensLines, [
          { title: '▷ Send (Local sandbox)', line: methodLines[0] }, { title: 'Send to…', line: methodLines[0] }, { title: 'Send All', line: methodLines[0] }, { title: 'Code…', line: methodLines[0] },
          { title: '▷ Send (Local sandbox)', line: methodLines[1] }, { title: 'Send to…', line: methodLines[1] }, { title: 'Code…', line: methodLines[1] },
        ]);
        const sendAll = page.locator(selectors.codeLens).filter({ hasText: /^Send All$/ });
        await sendAll.click();
        const summary = toast(page, 'Send All: 2 passed.');
        const failure = page.locator(selectors.toastItem).filter({ hasText: /Send All: \d+ passed, / });
        await Promise.race([
          summary.waitFor({ timeout: 30_000 }),
          failure.first().waitFor({ timeout: 31_000 }).then(async () => {
            throw new Error(`Send All did not pass: ${normalizeText(await failure.first().innerText())}`);
          }),
        ]);
        // The result editor opens beside the file with the last response: the refund's.
        const result = page.locator(selectors.activeEditorLines);
        await result.filter({ hasText: 'REFUND' }).filter({ hasText: 'APPROVED' }).waitFor({ timeout: 15_000 });
        console.log(`  result tab: ${normalizeText(await page.locator(selectors.activeTab).innerText())}`);
        const marks = await afterTexts(page, FILE);
        console.log(`  marks: ${marks.join(' · ')}`);
        // The two method lines ("✓ 200 12 ms") and the three expectations ("✓ passed").
        assert.equal(marks.filter(m => /^✓ 200\b/.test(m)).length, 2, `expected two request marks, got: ${marks.join(' · ')}`);
        assert.equal(marks.filter(m => m === '✓ passed').length, 3, `expected three expectation marks, got: ${marks.join(' · ')}`);
        // The picture: the file with its lenses and marks beside the refund, no side bar or toasts.
        await clearNotifications(page);
        await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
        await runCommand(page, 'View: Focus First Editor Group');
        for (let i = 0; i < 3; i++) await runCommand(page, 'Increase Current View Size');   // room for the marks
        await page.keyboard.press('ControlOrMeta+Home');
        await page.mouse.move(640, 700);
        await page.waitForTimeout(300);
        const shot = path.join(artifacts, 'e2e-request-file.png');
        await page.screenshot({ path: shot });
        await openViewContainer(page, 'Gateway');   // where the steps after these expect to be
      },
    },
    {
      name: '"Copy as cURL" of the sale: the copied program, run by bash with the keys in GATEWAY_* variables and the card in CARD, is APPROVED and the sandbox counts it',
      run: async page => {
        await runCommand(page, 'View: Focus First Editor Group');
        await page.keyboard.press('ControlOrMeta+Home');   // the sale's request
        await clearNotifications(page);
        await generateCurl(page);
        // What the user pastes into a terminal: the clipboard the command filled.
        const program = String(await page.evaluate('navigator.clipboard.readText()'));
        assert.match(program, /^\[ -n "\$\{GATEWAY_URL:-\}" \] \|\| GATEWAY_URL='http:\/\/127\.0\.0\.1:\d+'$/m, `not defaulting to the Local sandbox: ${program}`);
        assert.match(program, /^curl -sS -X 'POST' "\$GATEWAY_URL"'\/rest\/v2\/transactions\/sale'/m, `not the sale's cURL: ${program}`);
        assert.doesNotMatch(program, /api-key: [0-9a-f]{8,}/i, 'the program carries a literal key');
        assert.doesNotMatch(program, /4111111111111111/, 'the program carries the card number (it reads CARD)');
        const url = /GATEWAY_URL='(http:\/\/127\.0\.0\.1:\d+)'/.exec(program)?.[1] as string;
        const stateFile = findFile(userData(), 'local-sandbox.json');
        assert.ok(stateFile, 'the Local sandbox saved its state');
        const keys = (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { keys: { apiKey: string; accessKey: string; merchantId: string } }).keys;
        const sales = async () => ((await (await fetch(`${url}/__sandbox/stats`)).json()) as { byOperation: Record<string, number> }).byOperation['transactions.sale'] ?? 0;
        const before = await sales();
        const output = await new Promise<string>((resolve, reject) => execFile('bash', ['-c', program], {
          // Card data is read from the environment as keys are (the generator never writes it in).
          env: { PATH: process.env.PATH, GATEWAY_API_KEY: keys.apiKey, GATEWAY_ACCESS_KEY: keys.accessKey, GATEWAY_MERCHANT_ID: keys.merchantId, CARD: '4111111111111111' },
        }, (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout))));
        console.log(`  bash: ${normalizeText(output).slice(0, 160)}`);
        assert.match(output, /"result": ?"APPROVED"/);
        assert.match(output, /HTTP 200/);
        assert.equal(await sales(), before + 1, 'the sandbox did not record the sale');
        await runCommand(page, 'View: Toggle Primary Side Bar Visibility');   // room for the program
        await page.mouse.move(900, 700);
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(artifacts, 'e2e-copy-as-curl.png') });   // scripts/update-media.sh: media/copy-as-curl.png
        await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
        await runCommand(page, 'View: Revert and Close Editor');   // the generated program (read-only)
      },
    },
    {
      name: 'curl, an outside process, sends a sale with a misspelt field: the Traffic view shows it with the finding',
      run: async page => {
        // Where the Local sandbox listens: the cURL that "Generate Code…" writes defaults to it.
        await runCommand(page, 'View: Focus First Editor Group');
        await runCommand(page, 'Gateway: Generate Code… (Copy as cURL, JavaScript, Python, PHP, Java, Go, C#)', { opensQuickPick: true });
        await pickQuickItem(page, 'cURL', 'cURL');
        const program = await waitForActiveEditorText(page, (text) => /GATEWAY_URL='http:\/\/127\.0\.0\.1:\d+'/.test(text));
        const url = /GATEWAY_URL='(http:\/\/127\.0\.0\.1:\d+)'/.exec(program)?.[1] as string;
        // Its api-key, as an application's configuration would hold it: from the sandbox's saved state.
        const stateFile = findFile(userData(), 'local-sandbox.json');
        assert.ok(stateFile, 'the Local sandbox saved its state');
        const apiKey = (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { keys: { apiKey: string } }).keys.apiKey;
        const body = JSON.stringify({ type: 'SALE', amount: '19.00', card: '4111111111111111', 'exp-date': '1230', invoce: 'APP-77' });
        const answer = await new Promise<string>((resolve, reject) => execFile('curl', ['-sS', '-X', 'POST', `${url}/rest/v2/transactions/sale`, '-H', `api-key: ${apiKey}`, '-H', 'Content-Type: application/json', '--data-binary', body], (err, stdout) => (err ? reject(err as Error) : resolve(stdout))));
        assert.match(answer, /APPROVED/);
        await runCommand(page, 'View: Revert and Close Editor');   // the generated program (read-only)
        // The Gateway view lists the card transactions itself: a request of its own to the sandbox.
        await runCommand(page, 'Gateway: Focus on Resources View');   // shows the side bar too, whatever its state
        await setExpanded(page, 'Card transactions', true);
        await page.locator(selectors.treeRow).filter({ hasText: /SALE \d+\.\d\d · / }).first().waitFor({ timeout: 15_000 });
        await setExpanded(page, 'Card transactions', false);
        await runCommand(page, 'Gateway: Focus on Traffic View');
        for (let i = 0; i < 3; i++) await runCommand(page, 'Increase Current View Size');   // room for the rows' text
        const finding = page.locator(selectors.treeRow).filter({ hasText: /unknown field "invoce" in Sale: did you mean "invoice"\?/ }).first();
        await finding.waitFor({ timeout: 15_000 });
        // Who sent it, from its User-Agent: curl here, an application's HTTP library elsewhere.
        const curlRow = page.locator(selectors.treeRow).filter({ hasText: 'POST /rest/v2/transactions/sale' }).first();
        const curlText = normalizeText(await curlRow.innerText());
        console.log(`  traffic: ${curlText}`);
        assert.match(curlText, /curl\/\d/, 'the Traffic view says curl sent the sale');
        // The Gateway view's own listings (its transactions and tokens pages, read in the steps
        // before) are not the user's traffic: hidden until asked for, and then said to be its own.
        const listings = page.locator(selectors.treeRow).filter({ hasText: /GET \/rest\/v2\/(transactions|tokens)\?.*isDescending/ });
        assert.equal(await listings.count(), 0, 'the Traffic view lists the Gateway view\'s own listings among the user\'s traffic');
        const titleNote = page.locator('.pane-header', { hasText: 'Traffic' }).locator('.description');
        assert.match(await titleNote.innerText(), /^\d+ of the Gateway view's own hidden$/, 'the view says that it leaves some out');
        await runCommand(page, 'Gateway: Show the Gateway View\'s Own Requests in Traffic');
        await listings.first().waitFor({ timeout: 15_000 });
        assert.match(normalizeText(await listings.first().innerText()), /Gateway view/, 'a listing shown on request says it is the Gateway view\'s');
        assert.equal((await titleNote.innerText()).trim(), '', 'nothing is left out');
        await runCommand(page, 'Gateway: Hide the Gateway View\'s Own Requests in Traffic');
        await listings.first().waitFor({ state: 'detached', timeout: 15_000 });
        await curlRow.waitFor({ timeout: 15_000 });
        await clearNotifications(page);
        await page.mouse.move(900, 700);
        await page.waitForTimeout(300);
        const shot = path.join(artifacts, 'e2e-traffic.png');
        await page.screenshot({ path: shot });   // scripts/update-media.sh makes it media/traffic.png
        for (let i = 0; i < 3; i++) await runCommand(page, 'Decrease Current View Size');
      },
    },
    {
      name: 'the Traffic view\'s sale with the misspelt field → Open as Request File → fixed in the editor → sent: APPROVED',
      run: async page => {
        await clearNotifications(page);
        await runCommand(page, 'Gateway: Focus on Traffic View');
        const exchange = page.locator(selectors.treeRow).filter({ hasText: 'POST /rest/v2/transactions/sale' }).first();
        await exchange.hover();
        await exchange.locator('.action-label[aria-label^="Open as Request File"]').click();
        const opened = await waitForActiveEditorText(page, t => t.includes('"invoce"'), 15_000);
        console.log(`  opened: ${opened.slice(0, 200)}`);
        await page.locator('.editor-group-container.active .squiggly-warning').first().waitFor({ timeout: 15_000 });
        // The misspelt field, and the card the capture masked, as a user fixes them.
        await replaceText(page, 'invoce', 'invoice');
        await replaceText(page, 'XXXXXXXXXXXX1111', CARD);
        await waitForActiveEditorText(page, t => t.includes('"invoice"') && t.includes(CARD));
        await page.locator('.editor-group-container.active .squiggly-warning, .editor-group-container.active .squiggly-error').first()
          .waitFor({ state: 'detached', timeout: 15_000 });
        await runCommand(page, 'Gateway: Send Request');
        const answer = await waitForActiveEditorText(page, t => t.includes('APPROVED'), 30_000);
        assert.match(answer, /APP-77/, 'the answer is not the fixed sale\'s');
        await runCommand(page, 'View: Close All Editors');
        const dontSave = page.locator('.monaco-dialog-box').getByRole('button', { name: "Don't Save" });
        if (await dontSave.waitFor({ timeout: 2_000 }).then(() => true, () => false)) await dontSave.click();
      },
    },
    {
      name: 'a body from a file: "< ./" completes the folder\'s files, the sale goes out with the file\'s amount, a missing file is flagged in Problems',
      run: async page => {
        await clearNotifications(page);
        // The user's own files: a body beside the request file, written by another tool.
        fs.mkdirSync(path.join(workspace(), 'bodies'), { recursive: true });
        fs.writeFileSync(path.join(workspace(), 'bodies', 'sale.json'), `${JSON.stringify({ type: 'SALE', amount: '13.00', card: CARD, 'exp-date': '1230' })}\n`);
        const requestPath = path.join(workspace(), BODY_FILE_REQUEST);
        fs.writeFileSync(requestPath, 'POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n');
        await goToFile(page, BODY_FILE_REQUEST);
        await page.locator(selectors.activeEditorLines).click();
        await page.keyboard.press('ControlOrMeta+End');
        await page.keyboard.type('< ./');
        await triggerSuggest(page);
        await acceptSuggestion(page, 'bodies/');   // a folder opens the list of what is in it
        await acceptSuggestion(page, 'sale.json');
        await page.keyboard.press('ControlOrMeta+S');
        const written = await waitForFile(requestPath, (t) => t.trimEnd().endsWith('< ./bodies/sale.json'));
        assert.match(written, /\n< \.\/bodies\/sale\.json\s*$/, written);
        await runCommand(page, 'Gateway: Send Request');
        const answer = await waitForActiveEditorText(page, (t) => t.includes('APPROVED'), 30_000);
        assert.match(answer, /"amount": "13\.00"/, 'the sale was not the file\'s');
        await page.locator('.tab').filter({ hasText: BODY_FILE_REQUEST }).first().click();
        await goToPosition(page, 4, '< ./bodies/'.length + 1);
        await page.keyboard.press('Shift+End');
        await page.keyboard.type('nope.json');
        await page.keyboard.press('Escape');   // the file names completion offers as the path is typed
        await waitForActiveEditorText(page, (t) => t.includes('< ./bodies/nope.json'), 10_000);
        await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
        const problem = page.locator(selectors.problemRow).filter({ hasText: 'cannot read the body file "./bodies/nope.json"' }).first();
        await problem.waitFor({ timeout: 15_000 });
        console.log(`  problem: ${normalizeText(await problem.innerText())}`);
        await runCommand(page, 'View: Hide Panel');
        await runCommand(page, 'View: Close All Editors');
        const dontSave = page.locator('.monaco-dialog-box').getByRole('button', { name: "Don't Save" });
        if (await dontSave.waitFor({ timeout: 2_000 }).then(() => true, () => false)) await dontSave.click();
      },
    },
    {
      name: 'a "# @prompt" asks in an input box at Send: the typed amount goes out, a csc and a token are typed unseen and the token is hidden where the answer echoes it; Escape sends nothing',
      run: async page => {
        await clearNotifications(page);
        fs.writeFileSync(path.join(workspace(), PROMPT_REQUEST), ['# @prompt amount The amount to charge', '# @prompt csc', '# @prompt token', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '',
          `{"type": "SALE", "amount": "{{amount}}", "card": "${CARD}", "exp-date": "1230", "csc": "{{csc}}", "description": "{{token}}"}`, ''].join('\n'));
        await goToFile(page, PROMPT_REQUEST);
        await runCommand(page, 'Gateway: Send Request', { opensQuickPick: true });
        await page.locator(selectors.quickInputMessage).filter({ hasText: 'The amount to charge' }).waitFor({ timeout: 15_000 });
        await answerInput(page, '{{amount}}', '17.00');
        await page.locator(selectors.quickInputTitle).filter({ hasText: '{{csc}}' }).waitFor({ timeout: 15_000 });
        assert.equal(await page.locator(selectors.paletteInput).getAttribute('type'), 'password', 'a csc is typed unseen');
        await answerInput(page, '{{csc}}', '999');
        await page.locator(selectors.quickInputTitle).filter({ hasText: '{{token}}' }).waitFor({ timeout: 15_000 });
        assert.equal(await page.locator(selectors.paletteInput).getAttribute('type'), 'password', 'a token is typed unseen');
        await answerInput(page, '{{token}}', TYPED_TOKEN);
        const answer = await waitForActiveEditorText(page, (t) => t.includes('APPROVED'), 30_000);
        assert.match(answer, /"amount": "17\.00"/, 'the sale was not of the typed amount');
        assert.ok(!answer.includes(TYPED_TOKEN), 'the token typed unseen shows in the result where the sandbox echoes it');
        assert.match(answer, /"description": "\[REDACTED\]"/, 'the echoed token is hidden like a key');
        // Asked again at the next send; Escape leaves it unsent: no exchange joins the Traffic view.
        const exchanges = () => page.locator('.monaco-list-row').filter({ hasText: 'POST /rest/v2/transactions/sale' }).count();
        const before = await exchanges();
        assert.ok(before > 0, 'the Traffic view lists the sale just sent');
        await page.locator('.tab').filter({ hasText: PROMPT_REQUEST }).first().click();
        await runCommand(page, 'Gateway: Send Request', { opensQuickPick: true });
        await page.locator(selectors.quickInputTitle).filter({ hasText: '{{amount}}' }).waitFor({ timeout: 15_000 });
        await page.keyboard.press('Escape');
        await page.waitForTimeout(2_000);
        assert.equal(await exchanges(), before, 'nothing was sent');
        await runCommand(page, 'View: Close All Editors');
      },
    },
    {
      name: 'a "# @note" request asks before it is sent, showing its note: Escape sends nothing, Send sends it',
      run: async page => {
        await clearNotifications(page);
        fs.writeFileSync(path.join(workspace(), NOTE_REQUEST), ['# @note Charges the card the whole team tests with', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '',
          `{"type": "SALE", "amount": "12.00", "card": "${CARD}", "exp-date": "1230", "invoice": "NOTE-1"}`, ''].join('\n'));
        await goToFile(page, NOTE_REQUEST);
        await runCommand(page, 'Gateway: Focus on Traffic View');
        const exchanges = () => page.locator('.monaco-list-row').filter({ hasText: 'POST /rest/v2/transactions/sale' }).count();
        const before = await exchanges();
        const dialog = page.locator('.monaco-dialog-box');
        await page.locator('.tab').filter({ hasText: NOTE_REQUEST }).first().click();
        await runCommand(page, 'Gateway: Send Request');
        await dialog.waitFor({ timeout: 15_000 });
        const asked = normalizeText(await dialog.innerText());
        console.log(`  dialog: ${asked}`);
        assert.match(asked, /Send "Sale" to Local sandbox\?/);
        assert.match(asked, /Charges the card the whole team tests with/);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached', timeout: 10_000 });
        await page.waitForTimeout(2_000);
        assert.equal(await exchanges(), before, 'nothing was sent');
        await page.locator('.tab').filter({ hasText: NOTE_REQUEST }).first().click();
        await runCommand(page, 'Gateway: Send Request');
        await dialog.getByRole('button', { name: 'Send' }).click();
        const answer = await waitForActiveEditorText(page, (t) => t.includes('APPROVED'), 30_000);
        assert.match(answer, /NOTE-1/, 'the answer is not the noted sale\'s');
        await runCommand(page, 'View: Close All Editors');
      },
    },
  ];
}

/**
 * Go to File (the palette without ">") for a file just written: the workspace's file search may
 * not list it yet ("No matching results"), so the name is typed again until it does, as a user
 * would.
 */
export async function goToFile(page: Page, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    await page.locator(selectors.paletteInput).fill(name);
    const row = page.locator(selectors.paletteRow).filter({ hasText: name }).first();
    if (await row.waitFor({ timeout: 5_000 }).then(() => true, () => false)) break;
    await page.keyboard.press('Escape');
    if (attempt === 4) throw new Error(`Go to File never listed ${name}`);
    console.log(`  ${name} not listed yet by Go to File; typing it again (${attempt})`);
  }
  await page.keyboard.press('Enter');
  await page.locator(selectors.activeTab).filter({ hasText: name }).waitFor({ timeout: 15_000 });
}

/** The file's text once `ready` accepts it (an editor's save lands on disk asynchronously). */
async function waitForFile(file: string, ready: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 10_000;
  let text = '';
  while (Date.now() < deadline) {
    text = fs.readFileSync(file, 'utf8');
    if (ready(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return text;
}

/**
 * Finds `find` in the active editor (Ctrl+F selects the match), closes the find widget and types
 * `replacement` over the selection, as a user corrects a word; waits until the text shows it.
 */
async function replaceText(page: Page, find: string, replacement: string): Promise<void> {
  await page.keyboard.press('Control+F');
  await page.keyboard.type(find);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.type(replacement);
  await waitForActiveEditorText(page, t => t.includes(replacement) && !t.includes(find), 10_000);
}
