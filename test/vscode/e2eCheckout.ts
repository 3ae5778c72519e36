// Issue 33 §3 in a real browser: a web checkout on the gateway's JavaScript SDK, pointed at the
// Local sandbox, whose stand-in it loads (/js-sdk/js/clearent-host.js). Chromium opens a tiny
// merchant's checkout page (checkoutMerchant.ts, on its own origin, under a strict
// Content-Security-Policy), types a test card, pays 25.00 (approved), resets and pays the decline
// amount (declined with the sandbox's message), and is refused a card that fails Luhn before it
// is sent; then hostile init options on a page without any policy run nothing and send the card
// nowhere but the sandbox. No code-server: its own phase of e2e.ts (E2E_ONLY=checkout runs it
// alone). Saves artifacts/e2e-checkout.png.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { DECLINE_TABLE } from '../../src/catalog/localSandbox/declineAmounts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { startMerchant, type Merchant } from './checkoutMerchant';
import { launchChromium, mkTmp } from './harness';
import { runSteps, type Step } from './workbenchUi';

const CARD = '4111111111111111';
const BAD_CARD = '4111111111111112';
const DECLINE = '0.23';
const MANUAL = '/rest/v2/mobilejwt/manual';
const declineMessage = DECLINE_TABLE.find((rule) => rule.amounts.includes(DECLINE))?.message ?? '';

interface Run { sandbox: RunningSandbox; merchant: Merchant }

/** What the browser did that the steps check: where the card went, what was logged, any dialog. */
interface Watch { cardSentTo: string[]; consoleLines: string[]; dialogs: string[] }

const tokensMinted = (run: Run): number => run.sandbox.control.stats().byOperation['mobile.manualToken'] ?? 0;

async function typeCard(page: Page, card = CARD): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration (MM/YY)').fill('12/30');
  await page.getByLabel('CSC').fill('999');
}

async function pay(page: Page, amount: string, outcome: string): Promise<string> {
  await page.locator('#amount').fill(amount);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const status = page.locator(`#status[data-outcome="${outcome}"]`);
  await status.waitFor({ timeout: 15_000 }).catch(async () => {
    throw new Error(`the page shows "${await page.locator('#status').innerText()}" instead of ${outcome}`);
  });
  const text = await status.innerText();
  console.log(`  ${amount}: ${text}`);
  return text;
}

/** Calls ClearentSDK.init in the page with `options`; the error message, or '' when it was taken. */
const initWith = (page: Page, options: Record<string, unknown>): Promise<string> => page.evaluate((opts) => {
  const sdk = (globalThis as any).ClearentSDK;
  sdk.reset();
  try {
    sdk.init(opts);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}, options);

/** The values an attacker controls that must stay data: in a URL, an element id, a header, a callback name. */
const MARKUP = '"></script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">';

function checkoutSteps(run: () => Run, watch: Watch, artifacts: string): Step[] {
  return [
    {
      name: 'checkout: the page loads the stand-in from the sandbox under a strict CSP and renders card, expiry and CSC fields',
      run: async (page) => {
        await page.goto(`${run().merchant.url}/checkout`);
        for (const label of ['Card number', 'Expiration (MM/YY)', 'CSC']) await page.getByLabel(label).waitFor({ timeout: 15_000 });
        assert.equal(await page.evaluate(() => (globalThis as any).ClearentSDK.initialized), true);
        await page.getByText('Local sandbox payment form: use test cards only.').waitFor();
      },
    },
    {
      name: 'checkout: a test card pays 25.00 and the page shows it approved',
      run: async (page) => {
        await typeCard(page);
        assert.match(await pay(page, '25.00', 'approved'), /^Approved: Transaction approved$/);
        assert.equal(tokensMinted(run()), 1);
        assert.equal(run().sandbox.control.stats().byOperation['mobile.sale'], 1);
      },
    },
    {
      name: `checkout: after reset() the form is empty again; ${DECLINE} shows the gateway's decline message`,
      run: async (page) => {
        await page.getByRole('button', { name: 'New payment' }).click();
        for (const label of ['Card number', 'Expiration (MM/YY)', 'CSC']) assert.equal(await page.getByLabel(label).inputValue(), '', `${label} after reset()`);
        await typeCard(page);
        assert.equal(await pay(page, DECLINE, 'declined'), `Declined: ${declineMessage}`);
        await page.screenshot({ path: path.join(artifacts, 'e2e-checkout.png') });
      },
    },
    {
      name: 'checkout: a card number that fails Luhn is refused in the page, beside its field, and never sent',
      run: async (page) => {
        await page.getByRole('button', { name: 'New payment' }).click();
        const before = tokensMinted(run());
        await typeCard(page, BAD_CARD);
        assert.equal(await pay(page, '5.00', 'refused'), 'Card refused: Enter a valid card number.');
        assert.equal(await page.locator('.clearent-field-card .clearent-message').innerText(), 'Enter a valid card number.');
        assert.equal(await page.getByLabel('Card number').getAttribute('aria-invalid'), 'true');
        assert.equal(tokensMinted(run()), before, 'the sandbox was asked to tokenize it');
      },
    },
    {
      name: 'checkout: the card went to the sandbox\'s /rest/v2/mobilejwt/manual alone; the shop\'s server, the console and the policy saw nothing',
      run: async (page) => {
        assert.deepEqual([...new Set(watch.cardSentTo)], [`${run().sandbox.gatewayUrl}${MANUAL}`]);
        const shop = run().merchant.seen.filter((r) => r.body.includes(CARD) || r.path.includes(CARD));
        assert.deepEqual(shop, [], 'the shop\'s server received the card number');
        assert.deepEqual(watch.consoleLines.filter((line) => line.includes(CARD) || line.includes('1111 1111')), []);
        assert.deepEqual(await page.evaluate(() => (globalThis as any).checkoutViolations), [], 'the Content-Security-Policy refused something');
      },
    },
    {
      name: 'checkout: hostile baseUrl values are refused by init: the stand-in talks only to the sandbox that served it',
      run: async (page) => {
        const sandbox = run().sandbox.gatewayUrl;
        await page.goto(`${run().merchant.url}/attack`);
        const pk = 'any-key';
        const hostile = [
          'javascript:window.pwned=3', `data:text/html,${MARKUP}`, 'https://gateway-sb.clearent.net', run().merchant.url,
          `${sandbox}/${MARKUP}`, `${sandbox}/?q=${MARKUP}`, `${sandbox}#${MARKUP}`, sandbox.replace('http://', 'http://user:pass@'),
          sandbox.replace('127.0.0.1', 'localhost'), sandbox.replace('http:', 'https:'), '//evil.example', '', 42,
        ];
        for (const baseUrl of hostile) {
          const refused = await initWith(page, { baseUrl, pk });
          assert.match(refused, /^ClearentSDK\.init \(Local sandbox stand-in\): baseUrl .*"http:\/\/127\.0\.0\.1:\d+"\.$/, `${String(baseUrl)} → ${refused}`);
          assert.equal(await page.evaluate(() => (globalThis as any).ClearentSDK.initialized), false, String(baseUrl));
        }
        // The sandbox's own origin, with or without the trailing slash, is the one taken.
        assert.equal(await initWith(page, { baseUrl: `${sandbox}/`, pk }), '');
        assert.equal(await initWith(page, { pk }), '', 'no baseUrl: the origin that served the script');
      },
    },
    {
      name: 'checkout: hostile paymentFormId, pk and callback names stay data: nothing runs, the card goes only to the sandbox',
      run: async (page) => {
        const pk = MARKUP;
        assert.match(await initWith(page, { pk, paymentFormId: MARKUP }), /no element with id/);
        // An element whose id is that text: the form renders in it, and the text is never markup.
        await page.evaluate((id) => {
          const doc = (globalThis as any).document;
          const holder = doc.createElement('div');
          holder.id = id;
          doc.body.appendChild(holder);
        }, MARKUP);
        assert.equal(await initWith(page, { pk, paymentFormId: MARKUP }), '');
        assert.equal(await page.locator('img, iframe, script:not([src])').count(), 0, 'markup from an option was parsed');
        // A key that is not the sandbox's (and is markup): 401 from the sandbox, read as data.
        await typeCard(page);
        const refused = await page.evaluate(() => (globalThis as any).ClearentSDK.getPaymentToken().then(() => 'resolved', (e: any) => e.payload.error['error-message']));
        assert.match(refused, /^Unauthorized: the public-key header is not this sandbox's HPP public key/);
        for (const bad of ['key\r\nX-Injected: 1', '', 'k'.repeat(3000)]) assert.match(await initWith(page, { pk: bad }), /pk must be/);
        for (const name of ['eval', 'alert(1)', 'setTimeout', `window.pwned=4`, 'Function']) {
          assert.match(await initWith(page, { pk: 'k', successCallback: name }), /successCallback must be/, name);
          assert.match(await initWith(page, { pk: 'k', errorCallback: name }), /errorCallback must be/, name);
        }
        assert.equal(await page.evaluate(() => (globalThis as any).pwned), undefined, 'an option ran as code');
        assert.deepEqual(watch.dialogs, [], 'a dialog opened');
        assert.deepEqual([...new Set(watch.cardSentTo)], [`${run().sandbox.gatewayUrl}${MANUAL}`]);
      },
    },
    {
      name: 'checkout: callbacks named by string, and the ClearentTokenSuccess/ClearentTokenError globals, get (raw, json)',
      run: async (page) => {
        const pk = await publicKeyOf(run().sandbox);
        await page.evaluate((key) => {
          const w = globalThis as any;
          w.got = [];
          w.shopOk = (raw: string, json: any) => w.got.push(`named ok ${typeof raw} ${json.payload['mobile-jwt']['last-four']}`);
          w.ClearentTokenSuccess = (_raw: string, json: any) => w.got.push(`global ok ${json.payload['mobile-jwt']['card-type']}`);
          w.ClearentTokenError = (_raw: string, json: any) => w.got.push(`global error ${json.payload.error['error-message']}`);
          w.ClearentSDK.reset();
          w.ClearentSDK.init({ pk: key, successCallback: 'shopOk', styles: 'body { color: red }' });
        }, pk);
        const token = () => page.evaluate(() => (globalThis as any).ClearentSDK.getPaymentToken().then(() => 'ok', () => 'refused'));
        await typeCard(page, '4111 1111 1111 1111');
        assert.equal(await token(), 'ok');
        await page.evaluate((key) => {
          const sdk = (globalThis as any).ClearentSDK;
          sdk.reset();
          sdk.init({ pk: key });
        }, pk);
        await typeCard(page, '5454545454545454');
        assert.equal(await token(), 'ok');
        await page.getByLabel('Card number').fill('5454545454545455');
        assert.equal(await token(), 'refused');
        const calls = await page.evaluate(() => (globalThis as any).got);
        assert.deepEqual(calls, ['named ok string 1111', 'global ok MASTERCARD', 'global error Enter a valid card number.']);
        assert.ok(watch.consoleLines.some((line) => line === 'ClearentSDK (Local sandbox stand-in) ignores: styles (see docs/sandbox.md).'), watch.consoleLines.join('\n'));
      },
    },
  ];
}

async function publicKeyOf(sandbox: RunningSandbox): Promise<string> {
  const res = await fetch(`${sandbox.gatewayUrl}/rest/v2/settings/terminal/hpp`, { headers: { 'api-key': sandbox.apiKey, accept: 'application/json' } });
  const body = await res.json() as { payload: { 'hpp-settings': { 'hpp-public-key': string } } };
  return body.payload['hpp-settings']['hpp-public-key'];
}

/** Whether E2E_ONLY selects this phase: unset (everything), "checkout", or words of a step's name. */
export function selectsCheckout(only: string | undefined): boolean {
  const names = checkoutSteps(() => { throw new Error('not running'); }, { cardSentTo: [], consoleLines: [], dialogs: [] }, '').map((s) => s.name);
  return !only || only === 'checkout' || names.some((name) => name.includes(only));
}

/** Runs the checkout steps against a sandbox and a shop of their own in chromium; what passed and failed. */
export async function runCheckout(artifacts: string, lap: (what: string) => void): Promise<{ passed: number; failed: number; notRun: number }> {
  const only = process.env.E2E_ONLY;
  const watch: Watch = { cardSentTo: [], consoleLines: [], dialogs: [] };
  let current: Run | undefined;
  const all = checkoutSteps(() => {
    if (!current) throw new Error('the checkout sandbox is not running');
    return current;
  }, watch, artifacts);
  const steps = !only || only === 'checkout' ? all : all.filter((s) => s.name.includes(only));
  const sandbox = await startSandbox({ port: 0 });
  try {
    const merchant = await startMerchant(sandbox, await publicKeyOf(sandbox));
    current = { sandbox, merchant };
    lap(`checkout: sandbox ${sandbox.gatewayUrl}, shop ${merchant.url}`);
    try {
      const browser = await launchChromium(mkTmp('chromium-home-'));
      try {
        const page = await browser.newPage({ viewport: { width: 900, height: 820 } });
        page.on('request', (request) => {
          if ((request.postData() ?? '').includes(CARD) || request.url().includes(CARD)) watch.cardSentTo.push(request.url());
        });
        page.on('console', (message) => watch.consoleLines.push(message.text()));
        page.on('dialog', (dialog) => {
          watch.dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        page.on('pageerror', (e) => console.log('[pageerror]', e.message));
        const result = await runSteps(page, steps, lap, (n) => path.join(artifacts, `e2e-checkout-failure-step${n}.png`));
        return { ...result, notRun: steps.length - result.passed - result.failed };
      } finally {
        await browser.close();
      }
    } finally {
      await merchant.close();
    }
  } finally {
    await sandbox.close();
  }
}
