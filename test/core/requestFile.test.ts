import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateExpectation, parseRequestFile, RequestFileStreamParser, resolveTarget, substituteVariables, valueAtPath } from '../../src/core/requestFile';
import type { Located } from '../../src/core/requestFile';

const FILE = [
  '@amount = 25.00', //                                   0
  '# a comment', //                                       1
  '', //                                                  2
  '### Sale with a new card', //                          3
  '# @name sale1', //                                     4
  '# @expect status 200', //                              5
  '# @expect payload.transaction.result == APPROVED', //  6
  '// @expect payload.transaction.id exists', //          7
  '# @expect exchange-id matches /^ID-/', //              8
  'POST {{gatewayUrl}}/rest/v2/transactions/sale HTTP/1.1', // 9
  'Content-Type: application/json', //                    10
  'X-Trace: {{sale0.payload.id}}', //                      11
  '', //                                                   12
  '{"amount": "{{amount}}",', //                           13
  ' "type": "SALE"}', //                                   14
  '', //                                                   15
  '', //                                                   16
  '###', //                                                17
  '@token = 1100005607145041111', //                       18
  'GET /rest/v2/tokens/{{token}}', //                      19
].join('\n');

/** The text a located element covers, taken by its offsets and checked against its range. */
function textAt(source: string, el: Located): string {
  const lines = source.split('\n');
  const byRange =
    el.range.start.line === el.range.end.line
      ? lines[el.range.start.line].slice(el.range.start.character, el.range.end.character)
      : undefined;
  const byOffset = source.slice(el.startOffset, el.endOffset);
  if (byRange !== undefined) assert.equal(byRange, byOffset, 'range and offsets disagree');
  return byOffset;
}

describe('requestFile: parse', () => {
  const parsed = parseRequestFile(FILE);

  it('splits requests on ### and keeps titles, names and expectations', () => {
    assert.equal(parsed.diagnostics.length, 0, JSON.stringify(parsed.diagnostics));
    assert.equal(parsed.requests.length, 2);
    const [sale, get] = parsed.requests;
    assert.equal(sale.title, 'Sale with a new card');
    assert.equal(sale.name, 'sale1');
    assert.deepEqual(sale.nameRange, { start: { line: 4, character: 8 }, end: { line: 4, character: 13 } });
    assert.deepEqual(
      sale.expectations.map((e) => [e.subject, e.path, e.operator, e.expected]),
      [
        ['status', undefined, '==', '200'],
        ['path', 'payload.transaction.result', '==', 'APPROVED'],
        ['path', 'payload.transaction.id', 'exists', undefined],
        ['path', 'exchange-id', 'matches', '^ID-'],
      ],
    );
    assert.equal(textAt(FILE, sale.expectations[1]), 'payload.transaction.result == APPROVED');
    assert.equal(get.title, undefined);
    assert.equal(get.method, 'GET');
    assert.equal(get.target, '/rest/v2/tokens/{{token}}');
  });

  it('gives exact ranges for method, target, headers and body', () => {
    const sale = parsed.requests[0];
    assert.deepEqual(sale.methodRange, { start: { line: 9, character: 0 }, end: { line: 9, character: 4 } });
    assert.deepEqual(sale.targetRange, { start: { line: 9, character: 5 }, end: { line: 9, character: 45 } });
    assert.equal(sale.httpVersion, 'HTTP/1.1');
    assert.deepEqual(sale.headers.map((h) => [h.name, h.value]), [['Content-Type', 'application/json'], ['X-Trace', '{{sale0.payload.id}}']]);
    assert.deepEqual(sale.headers[1].valueRange, { start: { line: 11, character: 9 }, end: { line: 11, character: 29 } });
    assert.equal(textAt(FILE, sale.headers[0]), 'Content-Type: application/json');
    assert.ok(sale.body);
    assert.equal(sale.body.text, '{"amount": "{{amount}}",\n "type": "SALE"}');
    assert.equal(sale.body.firstLine, 13);
    assert.deepEqual(sale.body.range, { start: { line: 13, character: 0 }, end: { line: 14, character: 16 } });
    assert.equal(textAt(FILE, sale.body), sale.body.text);
    assert.equal(sale.range.end.line, 14, 'trailing blank lines are not part of the request');
  });

  it('collects file variables and variable references with their ranges', () => {
    assert.deepEqual(parsed.variables.map((v) => [v.name, v.value]), [['amount', '25.00'], ['token', '1100005607145041111']]);
    assert.deepEqual(parsed.variables[0].valueRange, { start: { line: 0, character: 10 }, end: { line: 0, character: 15 } });
    const refs = parsed.requests[0].variableRefs;
    assert.deepEqual(refs.map((r) => r.name), ['gatewayUrl', 'sale0.payload.id', 'amount']);
    for (const ref of refs) assert.equal(textAt(FILE, ref).replace(/\s/g, ''), `{{${ref.name}}}`);
    assert.deepEqual(refs[2].range, { start: { line: 13, character: 12 }, end: { line: 13, character: 22 } });
  });

  it('reads a one-line body "< path" or "<@ path" as a body file, with the path\'s range; XML and longer bodies stay bodies', () => {
    const source = [
      'POST /rest/v2/transactions/sale', //              0
      'Content-Type: application/json', //               1
      '', //                                             2
      '<   ./bodies/sale one.json  ', //                 3
      '###', //                                          4
      'POST /rest/v2/transactions/void', //              5
      '', //                                             6
      '<@ void.json', //                                 7
      '###', //                                          8
      'POST /rest/v2/transactions/sale', //              9
      '', //                                             10
      '<sale><amount>1.00</amount></sale>', //           11
      '###', //                                          12
      'POST /rest/v2/transactions/sale', //              13
      '', //                                             14
      '< a.json', //                                     15
      '< b.json', //                                     16
    ].join('\n');
    const [raw, filled, xml, twoLines] = parseRequestFile(source).requests;
    assert.deepEqual(raw.body?.file, { path: './bodies/sale one.json', pathRange: { start: { line: 3, character: 4 }, end: { line: 3, character: 26 } }, fillVariables: false });
    assert.equal(raw.bodyFileFills, undefined);
    assert.equal(filled.body?.file?.fillVariables, true);
    assert.equal(filled.body?.file?.path, 'void.json');
    assert.equal(filled.bodyFileFills, true);
    assert.equal(xml.body?.file, undefined);
    assert.equal(twoLines.body?.file, undefined);
    // The headless run's first, outline-only read keeps no body, but still knows a <@ file fills variables.
    const outline = new RequestFileStreamParser({ outlineOnly: true });
    outline.push(source);
    outline.end();
    assert.deepEqual(outline.take().requests.map((r) => r.bodyFileFills), [undefined, true, undefined, undefined]);
  });

  it('refuses REST Client\'s "<@latin1 path" on its "<@latin1" instead of sending that line as the body', () => {
    const file = parseRequestFile('POST /rest/v2/transactions/sale\n\n<@latin1 ./sale.json\n');
    assert.deepEqual(file.diagnostics.map((d) => [d.code, d.severity, d.range, d.message]), [[
      'body-file-encoding', 'error', { start: { line: 2, character: 0 }, end: { line: 2, character: 8 } },
      '"<@latin1": a body file\'s encoding cannot be chosen; it is read as UTF-8 (or UTF-16 with its byte order mark): write "<@ ./sale.json"',
    ]]);
    assert.equal(file.requests[0].body?.file, undefined);
  });

  it('reads "# @prompt name description" lines as the request\'s prompt variables; a malformed one is an error', () => {
    const file = parseRequestFile(['# @prompt amount The amount to charge', '// @prompt otp', '# @prompt', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', '', '{"amount": "{{amount}}"}'].join('\n'));
    assert.deepEqual(file.requests[0].prompts, [
      { name: 'amount', nameRange: { start: { line: 0, character: 10 }, end: { line: 0, character: 16 } }, description: 'The amount to charge' },
      { name: 'otp', nameRange: { start: { line: 1, character: 11 }, end: { line: 1, character: 14 } } },
    ]);
    assert.deepEqual(file.diagnostics.map((d) => [d.code, d.range.start.line]), [['malformed-prompt', 2]]);
    assert.equal(parseRequestFile('GET {{gatewayUrl}}/rest/v2/tokens\n').requests[0].prompts, undefined);
  });

  it('reads "# @note [text]" (REST Client\'s) as the request\'s note, asked before sending; not an unknown metadata line', () => {
    const file = parseRequestFile(['# @note Refunds the sale in Staging', 'POST {{gatewayUrl}}/rest/v2/transactions/refund', '', '###', '// @note', 'POST {{gatewayUrl}}/rest/v2/transactions/void', '', '###', 'GET {{gatewayUrl}}/rest/v2/tokens'].join('\n'));
    assert.deepEqual(file.requests.map((r) => r.note), ['Refunds the sale in Staging', '', undefined]);
    assert.deepEqual(file.diagnostics, []);
    assert.match(parseRequestFile('# @sleep 100\nGET {{gatewayUrl}}/rest/v2/tokens\n').diagnostics[0]?.message ?? '', /use @name, @expect, @prompt or @note/);
  });

  it('takes REST Client\'s "# @no-redirect" and "# @no-cookie-jar" as what this client always does; an unknown hyphenated keyword is named whole', () => {
    const file = parseRequestFile(['# @no-redirect', '// @no-cookie-jar', '# @name sale1', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', ''].join('\n'));
    assert.deepEqual(file.diagnostics, []);
    assert.equal(file.requests[0].name, 'sale1');
    const unknown = parseRequestFile('# @force-ref sale1\nGET {{gatewayUrl}}/rest/v2/tokens\n').diagnostics;
    assert.deepEqual(unknown.map((d) => d.message), ['unknown metadata "@force-ref": use @name, @expect, @prompt or @note']);
  });

  it('takes a target whose {{…}} hold blanks (a system variable\'s arguments) as one target', () => {
    const target = '{{gatewayUrl}}/rest/v2/transactions?start-date={{$datetime "YYYY-MM-DD HH:mm" -7 d}}&x={{ $randomInt 1 9 }}';
    const file = parseRequestFile(`GET ${target} HTTP/1.1\n`);
    assert.equal(file.requests[0].target, target);
    assert.equal(file.requests[0].httpVersion, 'HTTP/1.1');
    assert.deepEqual(file.diagnostics, []);
    assert.deepEqual(file.requests[0].variableRefs.map((r) => r.name), ['gatewayUrl', '$datetime "YYYY-MM-DD HH:mm" -7 d', '$randomInt 1 9']);
    // Blanks outside {{…}} still end the target.
    assert.equal(parseRequestFile('GET /rest/v2/x y\n').diagnostics[0]?.code, 'unexpected-text');
  });

  it('handles CRLF line endings with the same ranges', () => {
    const crlf = parseRequestFile(FILE.replace(/\n/g, '\r\n'));
    assert.equal(crlf.requests.length, 2);
    assert.deepEqual(crlf.requests[0].targetRange, parsed.requests[0].targetRange);
    assert.equal(crlf.requests[0].body?.text, '{"amount": "{{amount}}",\n "type": "SALE"}');
  });

  it('counts a lone CR as a line end, as LSP does, with the same ranges and offsets', () => {
    const cr = FILE.replace(/\n/g, '\r');
    const lone = parseRequestFile(cr);
    assert.equal(lone.requests.length, 2);
    assert.deepEqual(lone.requests.map((r) => r.targetRange), parsed.requests.map((r) => r.targetRange));
    assert.equal(lone.requests[0].body?.text, '{"amount": "{{amount}}",\n "type": "SALE"}');
    for (const ref of lone.requests[0].variableRefs) assert.equal(cr.slice(ref.startOffset, ref.endOffset).replace(/\s/g, ''), `{{${ref.name}}}`);
  });

  it('reports problems as diagnostics with ranges', () => {
    const text = ['# @name orphan', '', '###', '# @expect payload.x ~~ 3', 'FETCH /rest/v2/tokens', 'not a header', '', '###', 'GET /x HTTP/1.1 trailing', '###', 'GET /rest/{{open'].join('\n');
    const result = parseRequestFile(text);
    const codes = result.diagnostics.map((d) => [d.code, d.range.start.line]);
    assert.deepEqual(codes, [
      ['missing-request-line', 0],
      ['malformed-expect', 3],
      ['unknown-method', 4],
      ['malformed-header', 5],
      ['unexpected-text', 8],
      ['unclosed-variable', 10],
    ]);
    const unknown = result.diagnostics[2];
    assert.equal(textAt(text, unknown), 'FETCH');
    assert.match(unknown.message, /unknown method "FETCH"/);
  });

  it('takes a header\'s, a file variable\'s and a metadata line\'s value up to its last non-space, whatever spaces surround it (500 random values)', () => {
    // Spaces as JavaScript's \s and trim() count them, line breaks aside (a line holds none but U+2028/9).
    const SPACES = [' ', '\t', '\u00a0', '\u3000', '\ufeff', '\u000b'];
    const WORDS = ['a', 'b=c', '{{x}}', 'x y', ':', '#', '"q"'];
    let seed = 7;
    const pick = <T>(items: readonly T[]): T => items[(seed = (seed * 1103515245 + 12345) % 2147483648) % items.length];
    const run = (n: number): string => Array.from({ length: n }, () => pick([...SPACES, ...WORDS])).join('');
    for (let k = 0; k < 500; k++) {
      const value = run(1 + (k % 5));
      const after = run(k % 3).replace(/\S/g, ' ');
      const expected = value.trim();
      const file = parseRequestFile(`@v = ${value}${after}\n### t\n# @expect status 200${after}\nGET {{gatewayUrl}}/x\nX-A:${value}${after}\n`);
      if (/^\S/.test(expected)) assert.equal(file.variables[0]?.value, expected, JSON.stringify(value + after));
      assert.equal(file.requests[0].expectations[0]?.text, 'status 200', JSON.stringify(after));
      assert.equal(file.requests[0].headers[0].value, value.replace(/^[ \t]*/, '').trimEnd(), JSON.stringify(value + after));
    }
  });

  it('never throws on 2,000 random and mutated inputs', () => {
    let seed = 42;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = ['#', '###', '@', '{{', '}}', '\n', '\r\n', ' ', ':', '=', 'GET ', 'POST ', '/rest/', '// @expect ', '# @name ', 'x', '\t', '<', '"', '\u00e9', '\ud83d', '/', 'HTTP/1.1'];
    for (let i = 0; i < 2000; i++) {
      let text: string;
      if (i % 2 === 0) {
        text = Array.from({ length: Math.floor(random() * 80) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      } else {
        const chars = [...FILE];
        for (let m = 0; m < 1 + Math.floor(random() * 10); m++) {
          const at = Math.floor(random() * chars.length);
          const op = Math.floor(random() * 3);
          if (op === 0) chars.splice(at, 1);
          else if (op === 1) chars.splice(at, 0, alphabet[Math.floor(random() * alphabet.length)]);
          else chars[at] = String.fromCharCode(Math.floor(random() * 128));
        }
        text = chars.join('');
      }
      const result = parseRequestFile(text);
      for (const el of [...result.requests, ...result.variables, ...result.diagnostics]) {
        assert.ok(el.startOffset <= el.endOffset && el.endOffset <= text.length, `bad offsets for input ${JSON.stringify(text)}`);
      }
    }
  });
});

describe('requestFile: variables and expectations', () => {
  it('substitutes known variables and lists the unresolved ones', () => {
    const values: Record<string, string> = { gatewayUrl: 'http://127.0.0.1:1', 'sale1.payload.transaction.id': '262246' };
    const out = substituteVariables('{{gatewayUrl}}/rest/v2/transactions/{{ sale1.payload.transaction.id }}?x={{missing}}&y={{missing}}', (n) => values[n]);
    assert.equal(out.text, 'http://127.0.0.1:1/rest/v2/transactions/262246?x={{missing}}&y={{missing}}');
    assert.deepEqual(out.unresolved, ['missing']);
  });

  it('a file cannot set {{gatewayUrl}} or {{boardingUrl}}: such a line is a warning that says it is never read', () => {
    const file = parseRequestFile('@gatewayUrl = http://other.example\n@boardingUrl=http://other.example\n@gateway = x\nGET {{gatewayUrl}}/rest/v2/transactions\n');
    const warnings = file.diagnostics.filter((d) => d.code === 'environment-variable-set');
    assert.deepEqual(warnings.map((d) => [d.severity, d.range.start.line, d.range.start.character, d.range.end.character]), [['warning', 0, 0, 11], ['warning', 1, 0, 12]]);
    assert.match(warnings[0].message, /^@gatewayUrl is never read: \{\{gatewayUrl\}\} is the base URL of the environment the request is sent to/);
    assert.equal(file.requests.length, 1, 'the file still parses');
  });

  it('resolves bare paths to the family the interface assigns', () => {
    const env = { name: 'e', kind: 'custom' as const, gatewayUrl: 'https://gw.example.net', boardingUrl: 'https://boarding.example.net/api/' };
    assert.equal(resolveTarget('/rest/v2/tokens?page=1', env), 'https://gw.example.net/rest/v2/tokens?page=1');
    assert.equal(resolveTarget('/api/documents/v1.0/document/1/DocumentTypes', env), 'https://boarding.example.net/api/documents/v1.0/document/1/DocumentTypes');
    assert.equal(resolveTarget('https://other.example/x', env), 'https://other.example/x');
  });

  it('evaluates expectations against status and parsed JSON or XML bodies', () => {
    const { requests } = parseRequestFile(FILE);
    const json = { status: 200, parsed: { 'exchange-id': 'ID-9', payload: { transaction: { result: 'APPROVED', id: '7' } } } };
    assert.deepEqual(requests[0].expectations.map((e) => evaluateExpectation(e, json).pass), [true, true, true, true]);
    const declined = { status: 402, parsed: { payload: { transaction: { result: 'DECLINED' } } } };
    const outcomes = requests[0].expectations.map((e) => evaluateExpectation(e, declined));
    assert.deepEqual(outcomes.map((o) => o.pass), [false, false, false, false]);
    assert.match(outcomes[1].message, /failed: .*was "DECLINED"/);
    const xml = { status: 200, parsed: { response: { payload: { transaction: { result: 'APPROVED', id: '1' } } } } };
    assert.equal(evaluateExpectation(requests[0].expectations[1], xml).pass, true);
    assert.equal(valueAtPath({ a: [{ b: 'x' }] }, 'a[0].b'), 'x');
  });

  it('a `matches` expectation gives the same verdict every time it is checked, with a g or y flag too', () => {
    const { requests } = parseRequestFile('# @expect exchange-id matches /^ID-/g\n# @expect exchange-id matches /ID-/y\nGET {{gatewayUrl}}/rest/v2/tokens\n');
    const answer = { status: 200, parsed: { 'exchange-id': 'ID-9' } };
    for (let round = 0; round < 3; round++) {
      assert.deepEqual(requests[0].expectations.map((e) => evaluateExpectation(e, answer).pass), [true, true], `round ${round}`);
    }
    assert.equal(evaluateExpectation(requests[0].expectations[0], { status: 200, parsed: { 'exchange-id': 'XID-9' } }).pass, false);
  });
});
