// The documents (eDocs) module through its DomainModule contract, with a real controllable
// clock; the downloaded PDF is checked byte by byte and, when installed, by pdftotext and qpdf.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireOperation } from '../../src/catalog';
import { ControllableClock } from '../../src/sandbox/domain/clock';
import type { DomainContext, Answer } from '../../src/sandbox/domain/domain';
import { idSourceOver } from '../../src/sandbox/domain/state';
import { documentsModule, DOCUMENT_TYPES, SANDBOX_MERCHANT_SINCE, type DocumentsSlice } from '../../src/sandbox/documents/documentsModule';
import { onboardingModule, type OnboardingSlice } from '../../src/sandbox/onboarding/onboardingModule';
import { boardingError } from './boardingErrorAssertion';

const MERCHANT = { merchantId: '8582949932024942', terminalId: '10018001', terminalName: 'T', merchantName: 'M', hppPublicKey: '' };
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Doc { documentId: string; merchantNumber: string; documentType: string; period: string; fileName: string; name: string; dateUploaded: string }

// 2025-05-15 12:00 in Chicago (CDT, UTC-5).
function harness(startIso = '2025-05-15T17:00:00Z') {
  const base = Date.parse(startIso);
  const clock = new ControllableClock('America/Chicago', 0, () => base);
  const slices: Record<string, unknown> = { documents: documentsModule.initial(), onboarding: onboardingModule.initial() };
  const peer = <T>(name: string): T => slices[name] as T;
  const ids = idSourceOver({});
  const ctx: DomainContext<DocumentsSlice> = { slice: slices.documents as DocumentsSlice, peer, mutatePeer: peer, clock, ids };
  const onboardingCtx: DomainContext<OnboardingSlice> = { slice: slices.onboarding as OnboardingSlice, peer, mutatePeer: peer, clock, ids };
  const call = (opId: string, params: Record<string, string>, query = '', merchantId: string | null = params.merchantNumber): Answer =>
    documentsModule.handlers[opId](
      { op: requireOperation(opId), params, query: new URLSearchParams(query), body: undefined, headers: merchantId === null ? {} : { merchantid: merchantId }, merchant: MERCHANT },
      ctx,
    );
  const board = (): string => {
    const answer = onboardingModule.handlers['merchants.create'](
      {
        op: requireOperation('merchants.create'), params: { hierarchyNodeKey: '4788000000000009' }, query: new URLSearchParams(),
        body: { merchantInformation: { dbaName: 'Blue Harbor Coffee', emailAddress: 'owner@example.com' }, salesProfile: { mccCode: '5814' } },
        headers: { host: '127.0.0.1:9999' }, merchant: MERCHANT,
      },
      onboardingCtx,
    );
    return (answer.raw as { merchant: { merchantInformation: { merchantNumber: string } } }).merchant.merchantInformation.merchantNumber;
  };
  return { call, clock, board };
}

const content = (answer: Answer): Doc[] => {
  assert.equal(answer.status, 200);
  return (answer.raw as { content: Doc[] }).content;
};


const m = MERCHANT.merchantId;

describe('Document types and documents by type', () => {
  it('lists the document types with id, name and description', () => {
    const { call } = harness();
    const types = call('documents.types', { merchantNumber: m }).raw as { documentTypeId: number; name: string; description: string }[];
    assert.deepEqual(types.map((t) => t.name), ['Monthly Statement', '1099-K Tax Form', 'Fee Disclosure']);
    for (const t of types) assert.deepEqual(Object.keys(t), ['documentTypeId', 'name', 'description']);
  });

  it('lists documents of one type by id or name, with deterministic GUIDs', () => {
    const { call } = harness();
    const statements = content(call('documents.byType', { merchantNumber: m }, 'documentType=1'));
    const months = (2025 - SANDBOX_MERCHANT_SINCE.year) * 12 + 5 - (SANDBOX_MERCHANT_SINCE.month - 1);
    assert.equal(statements.length, months);
    assert.equal(statements.at(-1)?.period, '2025-05');
    for (const d of statements) {
      assert.match(d.documentId, GUID);
      assert.equal(d.merchantNumber, m);
      assert.equal(d.documentType, 'Monthly Statement');
      assert.ok(Date.parse(d.dateUploaded) <= Date.parse('2025-05-15T17:00:00Z'));
    }
    assert.equal(new Set(statements.map((d) => d.documentId)).size, statements.length);
    const again = content(harness().call('documents.byType', { merchantNumber: m }, 'documentType=monthly%20statement'));
    assert.deepEqual(again.map((d) => d.documentId), statements.map((d) => d.documentId));
    const taxForms = content(call('documents.byType', { merchantNumber: m }, 'documentType=2'));
    assert.deepEqual(taxForms.map((d) => d.period), ['2020', '2021', '2022', '2023', '2024']);
    assert.equal(content(call('documents.byType', { merchantNumber: m }, 'documentType=Fee%20Disclosure')).length, 1);
  });

  it('answers an empty list with 200 and refuses a missing or unknown type', () => {
    const { call, board } = harness();
    const fresh = board();
    assert.deepEqual(content(call('documents.byType', { merchantNumber: fresh }, 'documentType=2')), []);
    assert.throws(() => call('documents.byType', { merchantNumber: m }), boardingError(400, /documentType query parameter is required/));
    assert.throws(() => call('documents.byType', { merchantNumber: m }, 'documentType=9'), boardingError(400, /"9" is not a document type/));
  });
});

describe('Statements by year and by month', () => {
  it('has one statement per month up to the current month, all twelve for past years', () => {
    const { call, clock } = harness();
    assert.deepEqual(content(call('documents.statementsByYear', { merchantNumber: m, year: '2025' })).map((d) => d.period),
      ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05']);
    assert.equal(content(call('documents.statementsByYear', { merchantNumber: m, year: '2024' })).length, 12);
    clock.advanceTo(new Date('2025-06-01T05:00:00Z')); // midnight, June 1 in Chicago
    assert.equal(content(call('documents.statementsByYear', { merchantNumber: m, year: '2025' })).length, 6);
  });

  it('answers 404 before the merchant started or after the current year, 400 for a malformed year', () => {
    const { call, board } = harness();
    assert.throws(() => call('documents.statementsByYear', { merchantNumber: m, year: String(SANDBOX_MERCHANT_SINCE.year - 1) }), boardingError(404, /No statements/));
    assert.throws(() => call('documents.statementsByYear', { merchantNumber: m, year: '2026' }), boardingError(404, /No statements/));
    assert.throws(() => call('documents.statementsByYear', { merchantNumber: m, year: '25' }), boardingError(400, /year/));
    const fresh = board();
    assert.equal(content(call('documents.statementsByYear', { merchantNumber: fresh, year: '2025' })).length, 1);
    assert.throws(() => call('documents.statementsByYear', { merchantNumber: fresh, year: '2024' }), boardingError(404, /from 2025-05/));
  });

  it('returns the one statement of a month, 404 for a month not yet issued, 400 for a bad month', () => {
    const { call } = harness();
    const [april] = content(call('documents.statementsByMonth', { merchantNumber: m, year: '2025', month: '04' }));
    assert.equal(april.period, '2025-04');
    assert.equal(april.name, 'Monthly Statement April 2025');
    assert.equal(april.fileName, `statement-${m}-2025-04.pdf`);
    assert.throws(() => call('documents.statementsByMonth', { merchantNumber: m, year: '2025', month: '06' }), boardingError(404, /No statement for 2025-06/));
    assert.throws(() => call('documents.statementsByMonth', { merchantNumber: m, year: '2025', month: '13' }), boardingError(400, /month/));
  });
});

describe('Document download and access', () => {
  function pdfOf(call: ReturnType<typeof harness>['call']): { bytes: Buffer; fileName: string; doc: Doc } {
    const [doc] = content(call('documents.statementsByMonth', { merchantNumber: m, year: '2025', month: '03' }));
    const answer = call('documents.get', { merchantNumber: m, documentId: doc.documentId });
    assert.equal(answer.status, 200);
    assert.equal(answer.file?.contentType, 'application/pdf');
    return { bytes: answer.file?.bytes, fileName: answer.file?.fileName, doc };
  }

  it('returns a PDF whose cross-reference table points at every object', () => {
    const { bytes, fileName, doc } = pdfOf(harness().call);
    assert.equal(fileName, doc.fileName);
    const text = bytes.toString('latin1');
    assert.ok(text.startsWith('%PDF-1.4\n'));
    assert.ok(text.endsWith('%%EOF'));
    const startxref = Number(/startxref\n(\d+)\n%%EOF$/.exec(text)?.[1]);
    assert.equal(text.slice(startxref, startxref + 5), 'xref\n');
    const header = /^xref\n0 (\d+)\n/.exec(text.slice(startxref));
    assert.ok(header);
    const count = Number(header[1]);
    const table = text.slice(startxref + header[0].length, startxref + header[0].length + count * 20);
    const entries = table.match(/.{20}/gs) ?? [];
    assert.equal(entries.length, count);
    assert.equal(entries[0], '0000000000 65535 f \n');
    for (let i = 1; i < count; i++) {
      assert.match(entries[i], /^\d{10} 00000 n \n$/);
      const offset = Number(entries[i].slice(0, 10));
      assert.equal(text.slice(offset, offset + `${i} 0 obj`.length), `${i} 0 obj`, `object ${i} at ${offset}`);
    }
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    assert.equal(text.slice(streamStart + length, streamStart + length + '\nendstream'.length), '\nendstream');
    assert.match(text, new RegExp(`Merchant number: ${m}`));
  });

  it('is readable by pdftotext and passes qpdf --check when those tools are installed', (t) => {
    const { bytes } = pdfOf(harness().call);
    const dir = mkdtempSync(join(tmpdir(), 'gw-docs-'));
    try {
      const file = join(dir, 'statement.pdf');
      writeFileSync(file, bytes);
      let ran = 0;
      try {
        const extracted = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
        assert.match(extracted, new RegExp(m));
        assert.match(extracted, /Period: 2025-03/);
        ran++;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      try {
        const report = execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
        assert.match(report, /No syntax or stream encoding errors found/);
        ran++;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      // CI installs both (scripts/setup-test-tools.sh): there a missing tool is a failure, not a skip.
      if (ran === 0 && process.env.CI) assert.fail('neither pdftotext nor qpdf is installed: run scripts/setup-test-tools.sh');
      if (ran === 0) t.skip('neither pdftotext nor qpdf is installed (scripts/setup-test-tools.sh installs them)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 403 when MerchantId does not match the path, 404 for unknown documents and merchants', () => {
    const { call } = harness();
    assert.throws(() => call('documents.types', { merchantNumber: m }, '', '8000000000000000'), boardingError(403, /does not match/));
    assert.throws(() => call('documents.types', { merchantNumber: m }, '', null), boardingError(403, /missing/));
    assert.throws(() => call('documents.get', { merchantNumber: m, documentId: '00000000-0000-5000-8000-000000000000' }), boardingError(404, /No document/));
    assert.throws(() => call('documents.types', { merchantNumber: '8000000000000000' }), boardingError(404, /No merchant 8000000000000000/));
    // A document id of one merchant is not another merchant's document.
    const h = harness();
    const mine = content(h.call('documents.byType', { merchantNumber: m }, 'documentType=3'))[0];
    const other = h.board();
    assert.throws(() => h.call('documents.get', { merchantNumber: other, documentId: mine.documentId }), boardingError(404, /No document/));
  });

  it('serves every listed type as a PDF', () => {
    const { call } = harness();
    for (const type of DOCUMENT_TYPES) {
      const [first] = content(call('documents.byType', { merchantNumber: m }, `documentType=${type.documentTypeId}`));
      const answer = call('documents.get', { merchantNumber: m, documentId: first.documentId.toUpperCase() });
      assert.match((answer.file?.bytes as Buffer).toString('latin1'), new RegExp(type.name));
    }
  });
});
