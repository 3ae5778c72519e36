// A merchant's web shop, as small as one can be, for the e2e checkout phase (e2eCheckout.ts): a
// checkout page that loads the gateway's JavaScript SDK from the Local sandbox (here its stand-in)
// and charges the token from the shop's back end through the mobile path, as the public web
// checkouts do (docs/sandbox.md, "JavaScript SDK stand-in"). node:http on 127.0.0.1, port 0.
//   GET  /checkout      the checkout page, under a strict Content-Security-Policy
//   GET  /checkout.js   its script (no inline script: the policy allows none)
//   GET  /attack        a bare page without any policy, for the hostile-options steps: had the
//                       stand-in put text into markup, nothing here would stop it running
//   POST /charge        {jwt, amount} → POST <sandbox>/rest/v2/mobile/transactions/sale with the
//                       mobilejwt and api-key headers → {status, result, message}
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox } from '../../src/sandbox/server';

export interface Merchant {
  url: string;
  /** Every request the shop's server received: method, path and body (to prove no card reached it). */
  seen: Array<{ method: string; path: string; body: string }>;
  close(): Promise<void>;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's own code: init, Pay (token, then the shop's /charge), New payment (reset, init). */
const CHECKOUT_JS = `'use strict';
const page = document.body.dataset;
const options = () => ({ baseUrl: page.gateway, pk: page.pk, paymentFormId: 'payment-form', showValidationMessages: true });
const status = document.getElementById('status');
const results = document.getElementById('results');
window.checkoutViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.checkoutViolations.push(e.violatedDirective + ' ' + e.blockedURI));
ClearentSDK.init(options());

function show(outcome, amount, text) {
  status.textContent = text;
  status.dataset.outcome = outcome;
  const row = document.createElement('li');
  row.textContent = amount + ': ' + text;
  results.appendChild(row);
}

document.getElementById('pay').addEventListener('click', async () => {
  const amount = document.getElementById('amount').value;
  status.textContent = 'Paying…';
  status.dataset.outcome = 'pending';
  let token;
  try {
    token = await ClearentSDK.getPaymentToken();
  } catch (error) {
    show('refused', amount, 'Card refused: ' + error.payload.error['error-message']);
    return;
  }
  const res = await fetch('/charge', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jwt: token.payload['mobile-jwt'].jwt, amount }),
  });
  const charged = await res.json();
  const approved = charged.result === 'APPROVED';
  show(approved ? 'approved' : 'declined', amount, (approved ? 'Approved: ' : 'Declined: ') + charged.message);
});

document.getElementById('again').addEventListener('click', () => {
  ClearentSDK.reset();
  ClearentSDK.init(options());
  status.textContent = '';
  delete status.dataset.outcome;
});
`;

const CHECKOUT_CSS = `body { font-family: sans-serif; margin: 2rem auto; max-width: 36rem; color: #12343b; }
.clearent-stand-in { border: 1px solid #9bb; border-radius: 6px; padding: 0.75rem 1rem; margin: 1rem 0; }
.clearent-note { font-size: 0.8rem; color: #577; margin-bottom: 0.5rem; }
.clearent-field { margin: 0.5rem 0; }
.clearent-label { display: block; font-size: 0.9rem; }
.clearent-input { font-size: 1rem; padding: 0.3rem; width: 16rem; }
.clearent-message { color: #b00020; font-size: 0.85rem; min-height: 1em; }
button { font-size: 1rem; padding: 0.4rem 1.2rem; margin-right: 0.5rem; }
#status[data-outcome=approved] { color: #0a6b2d; font-weight: bold; }
#status[data-outcome=declined], #status[data-outcome=refused] { color: #b00020; font-weight: bold; }
`;

function checkoutPage(sandbox: RunningSandbox, publicKey: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test shop checkout</title>
<link rel="stylesheet" href="/checkout.css"></head>
<body data-gateway="${escapeHtml(sandbox.gatewayUrl)}" data-pk="${escapeHtml(publicKey)}">
<h1>Test shop: checkout</h1>
<label>Amount <input id="amount" value="25.00" size="8"></label>
<div id="payment-form"></div>
<button id="pay" type="button">Pay</button><button id="again" type="button">New payment</button>
<p id="status" role="status"></p>
<ul id="results"></ul>
<script src="${escapeHtml(sandbox.gatewayUrl)}/js-sdk/js/clearent-host.js"></script>
<script src="/checkout.js"></script>
</body></html>
`;
}

function attackPage(sandbox: RunningSandbox): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hostile options</title></head>
<body><div id="payment-form"></div>
<script src="${escapeHtml(sandbox.gatewayUrl)}/js-sdk/js/clearent-host.js"></script>
</body></html>
`;
}

/** Only the page's own origin and the sandbox: a stand-in that needed eval, inline styles or another host would break here. */
function checkoutPolicy(sandbox: RunningSandbox): string {
  return [
    "default-src 'none'", `script-src 'self' ${sandbox.gatewayUrl}`, `connect-src 'self' ${sandbox.gatewayUrl}`,
    "style-src 'self'", "img-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
  ].join('; ');
}

async function charge(sandbox: RunningSandbox, body: string): Promise<{ status: number; result: string; message: string }> {
  const { jwt, amount } = JSON.parse(body) as { jwt: string; amount: string };
  const res = await fetch(`${sandbox.gatewayUrl}/rest/v2/mobile/transactions/sale`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'api-key': sandbox.apiKey, mobilejwt: jwt },
    body: JSON.stringify({ type: 'SALE', amount, 'software-type': 'e2e test shop', 'software-type-version': '1' }),
  });
  const answer = await res.json() as { payload: { transaction?: { result: string; 'display-message': string }; error?: { 'error-message': string } } };
  const tx = answer.payload.transaction;
  return { status: res.status, result: tx?.result ?? 'ERROR', message: tx?.['display-message'] ?? answer.payload.error?.['error-message'] ?? `HTTP ${res.status}` };
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store', ...headers });
  res.end(body);
}

export async function startMerchant(sandbox: RunningSandbox, publicKey: string): Promise<Merchant> {
  const seen: Merchant['seen'] = [];
  const serve = async (req: IncomingMessage, res: ServerResponse, body: string): Promise<void> => {
    const route = `${req.method} ${req.url}`;
    if (route === 'GET /checkout') return send(res, 200, 'text/html', checkoutPage(sandbox, publicKey), { 'content-security-policy': checkoutPolicy(sandbox) });
    if (route === 'GET /checkout.js') return send(res, 200, 'application/javascript', CHECKOUT_JS);
    if (route === 'GET /checkout.css') return send(res, 200, 'text/css', CHECKOUT_CSS);
    if (route === 'GET /attack') return send(res, 200, 'text/html', attackPage(sandbox));
    if (route === 'POST /charge') return send(res, 200, 'application/json', JSON.stringify(await charge(sandbox, body)));
    send(res, 404, 'text/plain', 'not found');
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', path: req.url ?? '', body });
      serve(req, res, body).catch((e: unknown) => send(res, 500, 'text/plain', String(e)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
