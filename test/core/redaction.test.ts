import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayClient } from '../../src/core/http/client';
import { luhnValid } from '../../src/core/checks/inputChecks';
import { maskAccount, maskPan, redact, redactValue, Redactor, redactorFor } from '../../src/core/protection/redaction';
import { startServer } from './httpFixture';

let seed = 7;
function random(): number {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
}
function digits(n: number): string {
  return Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('');
}

/** A valid PAN of 13-19 digits with a brand-like prefix and a computed Luhn check digit. */
function pan(): string {
  const prefixes = ['4', '51', '55', '34', '37', '6011', '35', '36'];
  const length = 13 + Math.floor(random() * 7);
  const prefix = prefixes[Math.floor(random() * prefixes.length)];
  const body = prefix + digits(length - prefix.length - 1);
  for (let check = 0; check < 10; check++) if (luhnValid(body + check)) return body + check;
  throw new Error('unreachable: one check digit always fits');
}

function key(): string {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';
  return Array.from({ length: 16 + Math.floor(random() * 24) }, () => chars[Math.floor(random() * chars.length)]).join('');
}

function spaced(p: string): string {
  const sep = random() < 0.5 ? ' ' : '-';
  return p.match(/.{1,4}/g)?.join(sep) ?? p;
}

interface Secrets {
  apiKey: string;
  accessKey: string;
  pan: string;
  account: string;
  csc: string;
}

function embeddings(s: Secrets): string[] {
  return [
    JSON.stringify({ 'api-key': s.apiKey, card: s.pan, csc: s.csc, 'account-number': s.account, 'exp-date': '1228' }),
    JSON.stringify({ payload: { bankAccounts: [{ accountNumber: s.account }], note: `card ${spaced(s.pan)}` } }, null, 2),
    `<transaction><api-key>${s.apiKey}</api-key><card>${s.pan}</card><csc>${s.csc}</csc><account-number>${s.account}</account-number></transaction>`,
    `/rest/v2/ach/transactions?account-number=${s.account}&card=${s.pan}&csc=${s.csc}&api-key=${encodeURIComponent(s.apiKey)}`,
    `POST /rest/v2/transactions/sale 200 12ms card=${spaced(s.pan)} key ${s.accessKey}`,
    `api-key: ${s.apiKey}\nAccessKey: ${s.accessKey}\nAuthorization: Bearer ${s.apiKey}\nX-Card: ${s.pan}`,
    `{ 'api-key': '${s.apiKey}', AccessKey: '${s.accessKey}' } paid with ${s.pan}, ok`,
  ];
}

function assertClean(text: string, s: Secrets): void {
  for (const [what, value] of Object.entries(s) as [keyof Secrets, string][]) {
    if (what === 'csc') continue;
    assert.ok(!text.includes(value), `${what} ${value} survived in: ${text}`);
  }
  assert.ok(!text.replace(/\D/g, ' ').split(' ').some((run) => run.length >= 13 && luhnValid(run)), `a Luhn-valid run survived: ${text}`);
}

describe('redaction', () => {
  it('maskPan and maskAccount keep only the last four', () => {
    assert.equal(maskPan('4111111111111111'), 'XXXXXXXXXXXX1111');
    assert.equal(maskPan('4111 1111 1111 1111'), 'XXXXXXXXXXXX1111');
    assert.equal(maskAccount('1234567890'), 'XXXXXX7890');
    assert.equal(maskAccount('7890'), '7890');
  });

  it('property: no generated key, PAN, account number or CSC survives redact, last four kept', () => {
    for (let i = 0; i < 300; i++) {
      const s: Secrets = { apiKey: key(), accessKey: key(), pan: pan(), account: digits(5 + Math.floor(random() * 13)), csc: digits(3) };
      for (const text of embeddings(s)) {
        const out = redact(text, [s.apiKey, s.accessKey]);
        assertClean(out, s);
        assert.ok(out.includes(s.pan.slice(-4)), `last four of the PAN lost: ${out}`);
        if (/csc/.test(text)) assert.ok(!new RegExp(`csc\\W{0,4}${s.csc}`).test(out), `csc survived: ${out}`);
      }
      const value = redactValue(
        { 'api-key': s.apiKey, nested: [{ card: s.pan, 'account-number': s.account, csc: s.csc, text: `key=${s.accessKey} ${s.pan}` }] },
        [s.accessKey],
      );
      const flat = JSON.stringify(value);
      assertClean(flat, s);
      assert.ok(flat.includes(`"csc":"***"`));
      assert.ok(flat.includes(s.account.slice(-4)));
    }
  });

  it('removes key-like literals (sk_live_…, rk_test_…) wherever they stand, in text and in values', () => {
    assert.equal(redact('GET /x?key=sk_live_51Habc123XYZ&page=1'), 'GET /x?key=[REDACTED]&page=1');
    assert.equal(redact('token rk_test_abcdef123456 was used'), 'token [REDACTED] was used');
    assert.deepEqual(redactValue({ target: '/y?k=sk_test_0000aaaa1111', label: 'sk_live_' }), { target: '/y?k=[REDACTED]', label: 'sk_live_' });
  });

  it('numbers: a card number as a value is masked at 12 digits and up, shorter whole numbers are left as they are', () => {
    const tree = { status: 200, index: 99_999_999_999, twelve: 501_800_000_009, thirteen: 4_222_222_222_222, pan: 4_111_111_111_111_111, negative: -4_222_222_222_222, fraction: 0.4222222222222, small: -12.5 };
    const out = redactValue(tree);
    assert.deepEqual([out.status, out.index, out.small], [200, 99_999_999_999, -12.5], 'kept as numbers');
    assert.equal(out.twelve, 'XXXXXXXX0009');
    assert.equal(out.thirteen, 'XXXXXXXXX2222');
    assert.equal(out.pan, 'XXXXXXXXXXXX1111');
    assert.equal(out.negative, '-XXXXXXXXX2222');
    assert.equal(out.fraction, 'XXXXXXXXXX2222', 'the point joins the digits, as a dot joins the groups of a card number');
  });

  it('leaves identifiers, amounts and dates alone', () => {
    const text = '{"token-id":"1100005607145041111","amount":"25.00","created":"2016-10-25 14:43:44.483","exchange-id":"ID-clearent-cgw-1-1650386640436-0-1228863"}';
    assert.equal(redact(text), text);
    const exchange = 'exchange-id=ID-clearent-cgw-1-1650386640436-0-1228863 4111111111111111';
    assert.equal(redact(exchange), 'exchange-id=ID-clearent-cgw-1-1650386640436-0-1228863 XXXXXXXXXXXX1111');
    // A merchant or terminal id can pass Luhn by chance; it is an id, not a card.
    const ids = { 'merchant-id': '8582949932024943', 'terminal-id': '4111111111111111', merchantId: '8582949932024943' };
    assert.deepEqual(redactValue(ids), ids);
    assert.equal(redact(JSON.stringify(ids)), JSON.stringify(ids));
  });

  it("the client's log never shows the key, PAN or account number a server echoes", async () => {
    const fixture = await startServer((req, res, received) => {
      const echo = JSON.stringify({ 'exchange-id': 'ID-echo', headers: req.headers, body: received.body, url: received.url });
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo-key': String(req.headers['api-key']) });
      res.end(echo);
    });
    const lines: string[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const s: Secrets = { apiKey: key(), accessKey: key(), pan: pan(), account: digits(10), csc: digits(3) };
        const client = new GatewayClient({
          environment: fixture.environment,
          credentials: { apiKey: s.apiKey, accessKey: s.accessKey, merchantId: '1' },
          log: (line) => lines.push(line),
        });
        await client.send({ operation: 'transactions.sale', body: { card: s.pan, csc: s.csc, amount: '1.00' } });
        await client.send({ operation: 'achTransactions.search', query: { 'account-number': s.account, card: s.pan } });
        const other = key();
        await client.sendRaw({ method: 'GET', url: `${fixture.url}/rest/v2/tokens/${s.pan}?api-key=${other}` });
        assert.ok(!lines.at(-1)?.includes(other), lines.at(-1));
        const arrived = fixture.received.length;
        await assert.rejects(client.sendRaw({ method: 'GET', url: `${fixture.url}/rest/v2/tokens?api-key=${encodeURIComponent(s.apiKey)}` }), /the URL carries the environment's key/);
        assert.equal(fixture.received.length, arrived, 'a URL carrying the key is never sent');
        await client.close();
        for (const line of lines) assertClean(line, s);
      }
      assert.equal(lines.length, 60);
    } finally {
      await fixture.close();
    }
  });

  it('a Redactor compiles once and gives what redact/redactValue give; in place it changes only the leaves that need it', () => {
    for (let i = 0; i < 100; i++) {
      const s: Secrets = { apiKey: key(), accessKey: key(), pan: pan(), account: digits(5 + Math.floor(random() * 13)), csc: digits(3) };
      const redactor = new Redactor([s.apiKey, s.accessKey]);
      for (const text of embeddings(s)) assert.equal(redactor.text(text), redact(text, [s.apiKey, s.accessKey]));
      const body = JSON.parse(embeddings(s)[1]!) as unknown;
      const tree = { body, list: [s.pan, Number(s.pan), 12, { csc: Number(s.csc), 'token-id': '1100005607' }], note: `${s.apiKey} ${spaced(s.pan)}` };
      const copy = redactValue(tree, [s.apiKey, s.accessKey]);
      const input = JSON.stringify(tree);
      assert.equal(JSON.stringify(tree), input, 'redactValue leaves its input alone');
      const owned = JSON.parse(input) as unknown;
      assert.equal(JSON.stringify(redactor.parsedJsonInPlace(owned, input)), JSON.stringify(copy));
      assertClean(JSON.stringify(owned), s);
    }
    assert.equal(redactorFor(['k1-0123456789']), redactorFor(['k1-0123456789']), 'the same secrets reuse the compiled redactor');
  });

  it('a report line\'s strings, redacted one by one, come out the same every time the redactor meets them again', () => {
    for (let i = 0; i < 50; i++) {
      const s: Secrets = { apiKey: key(), accessKey: key(), pan: pan(), account: digits(5 + Math.floor(random() * 13)), csc: digits(3) };
      const secrets = [s.apiKey, s.accessKey];
      const redactor = new Redactor(secrets);
      const strings = [`${s.apiKey} ${spaced(s.pan)}`, s.pan, 'status 200', `csc: ${s.csc}`, 'status 200', `"account-number": "${s.account}"`];
      const expected = strings.map((text) => redact(text, secrets));
      for (let round = 0; round < 3; round++) assert.deepEqual(strings.map((text) => redactor.reportText(text)), expected, `round ${round}`);
      for (const text of expected) assertClean(text, s);
    }
  });

  it('a tree redacted with its JSON source skips only the rules the source shows cannot match: the same as without it', () => {
    for (let i = 0; i < 100; i++) {
      const s: Secrets = { apiKey: key(), accessKey: key(), pan: pan(), account: digits(5 + Math.floor(random() * 13)), csc: digits(3) };
      const redactor = new Redactor([s.apiKey, s.accessKey]);
      const bodies = [
        // Every rule has something to find.
        { rows: [{ card: s.pan, note: `key ${s.apiKey} and sk_live_${digits(8)}`, text: `csc: ${s.csc}` }] },
        // Only a card number to find (a search answer): the other rules are skipped.
        { rows: [{ id: digits(6), card: i % 2 ? s.pan : 'XXXXXXXXXXXX1111', created: '2026-11-21 14:43:44.483', amount: 25 }] },
        // Only a field name in a text, or a secret in a text.
        { note: `"account-number": "${s.account}"` },
        { note: `sent with ${s.accessKey}` },
        // Nothing at all, and a card number as a number.
        { rows: [{ id: '100001', type: 'SALE' }], card: Number(s.pan) },
        // A rule's name only as a key, in capitals, over a short value: the rule still applies.
        { rows: [{ id: '100001', CVV: s.csc, 'Account-Number': s.account.slice(0, 4) }] },
      ];
      for (const body of bodies) {
        const text = JSON.stringify(body);
        const expected = JSON.stringify(redactValue(JSON.parse(text), [s.apiKey, s.accessKey]));
        assert.equal(JSON.stringify(redactor.parsedJsonInPlace(JSON.parse(text), text)), expected, text);
        assertClean(expected, { ...s, csc: 'no-csc-here', account: body.note?.includes('account-number') ? s.account : 'none' });
      }
    }
  });

  it('JSON the redactor has redacted as text needs only its numbers looked at again: the same as every rule on its tree', () => {
    for (let i = 0; i < 100; i++) {
      const s: Secrets = { apiKey: key(), accessKey: key(), pan: pan(), account: digits(5 + Math.floor(random() * 13)), csc: digits(3) };
      const redactor = new Redactor([s.apiKey, s.accessKey]);
      const bodies = [
        { rows: [{ id: digits(6), card: s.pan, spaced: spaced(s.pan), note: `key ${s.apiKey} and sk_live_${digits(8)} paid ${s.pan}`, created: '2026-11-21 14:43:44.483' }] },
        // (A card number written as a JSON number is masked in the text unquoted, which no longer parses: Format then shows the text as it is.)
        { 'exchange-id': `ID-clearent-cgw-1-${digits(13)}-0-${digits(7)}`, 'token-id': digits(19), list: [s.pan, `${s.accessKey}`, 12] },
        { rows: [{ csc: s.csc, 'account-number': s.account, nested: { cvv: Number(s.csc) } }] },
      ];
      for (const body of bodies) {
        const shown = redactor.text(JSON.stringify(body));
        const everyRule = JSON.stringify(redactor.parsedJsonInPlace(JSON.parse(shown), shown));
        assert.equal(JSON.stringify(redactor.redactedJsonInPlace(JSON.parse(shown), shown)), everyRule, shown);
        // Identifiers keep their digits, which can pass Luhn by chance.
        if (!('token-id' in body)) assertClean(everyRule, s);
      }
    }
    const redactor = new Redactor(['rotated-key-0123456789']);
    // A number that is a card number only as a value; a key the text was not redacted for.
    assert.equal(JSON.stringify(redactor.redactedJsonInPlace(JSON.parse('{"n":4111117e9}'), '{"n":4111117e9}')), '{"n":"XXXXXXXXXXXX0000"}');
    const stale = '{"note":"rotated-key-0123456789"}';
    assert.equal(JSON.stringify(redactor.redactedJsonInPlace(JSON.parse(stale), stale)), '{"note":"[REDACTED]"}');
  });

  it('a JSON source with escapes gets every rule: what an escape hides in the text is plain in the tree', () => {
    const redactor = new Redactor(['escaped-key-0123456789']);
    const cases: Array<[string, string]> = [
      ['{"note":"\\u0034111111111111111"}', '{"note":"XXXXXXXXXXXX1111"}'],
      ['{"note":"key \\u0065scaped-key-0123456789"}', '{"note":"key [REDACTED]"}'],
      ['{"note":"\\u0073k_live_abcdef123456"}', '{"note":"[REDACTED]"}'],
      ['{"note":"csc\\u003a 123"}', '{"note":"csc: ***"}'],
      ['{"card":4.111111111111111e15}', '{"card":"XXXXXXXXXXXX1111"}'],
    ];
    for (const [text, expected] of cases) assert.equal(JSON.stringify(redactor.parsedJsonInPlace(JSON.parse(text), text)), expected, text);
  });

  it('a body\'s own "__proto__" or "constructor" field is redacted like any other, never dropped or taken for a rule', () => {
    const text = '{"__proto__":{"card":"4111111111111111"},"constructor":"hello","toString":"4111111111111111"}';
    const expected = '{"__proto__":{"card":"XXXXXXXXXXXX1111"},"constructor":"hello","toString":"XXXXXXXXXXXX1111"}';
    assert.equal(JSON.stringify(redactValue(JSON.parse(text))), expected);
    assert.equal(JSON.stringify(new Redactor().parsedJsonInPlace(JSON.parse(text), text)), expected);
    const leaf = '{"__proto__":"4111111111111111"}';
    assert.equal(JSON.stringify(new Redactor().parsedJsonInPlace(JSON.parse(leaf), leaf)), '{"__proto__":"XXXXXXXXXXXX1111"}');
  });

  it('masks a card number only within its own run of digit groups, wherever runs start', () => {
    assert.equal(redact('12 -4111111111111111 x'), '12 -XXXXXXXXXXXX1111 x');
    assert.equal(redact('9  4111 1111 1111 1111'), '9  XXXXXXXXXXXX1111');
    assert.equal(redact('a 41111111111111119999 b'), 'a 41111111111111119999 b', 'a 20-digit number is not a card');
    assert.equal(redact('4111111111111111-4111111111111111'), 'XXXXXXXXXXXX1111-XXXXXXXXXXXX1111');
  });
});
