// Request files as an attacker writes them — a stranger's repository the user cloned — turned
// into programs and run with the real toolchains against Local sandboxes on 127.0.0.1: nothing
// the file smuggles in may run (a canary file must stay absent), the program must send the
// request the file describes or not be generated at all, and the developer's key must go only
// to the environment's own origin (GATEWAY_URL / BOARDING_URL), whatever the file says.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { LANGUAGES, generateFromText, languageById } from '../../src/core/codegen/programs';
import { bodyFileReader } from '../../src/core/requestFile/bodyFile';
import type { RunningSandbox } from '../../src/sandbox/server';
import type { SandboxExchange } from '../../src/sandbox/http/exchangeTap';
import { startTestSandbox } from '../sandbox/sandboxTestClient';
import { BATCH_LANGUAGES, runPrograms, type BatchLanguage, type ProgramToRun } from './programBatch';
import { MISSING_TOOLCHAIN_FAILS, TOOLCHAINS } from './toolchains';

/** The developer's own GATEWAY_* variables must not reach the programs. */
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_') && k !== 'BOARDING_URL'));

let gateway: RunningSandbox;
let other: RunningSandbox;
const seenByGateway: SandboxExchange[] = [];
const seenByOther: SandboxExchange[] = [];
let workDir: string;
let canaryDir: string;
let canary: string;

before(async () => {
  gateway = await startTestSandbox({ onExchange: (e) => seenByGateway.push(e) });
  other = await startTestSandbox({ onExchange: (e) => seenByOther.push(e) });
  workDir = await mkdtemp(path.join(tmpdir(), 'codegen-hostile-'));
  // Upper case only, so that upper-casing a smuggled method leaves the path as it is.
  canaryDir = path.join(tmpdir(), `GWCANARY-${randomBytes(6).toString('hex').toUpperCase()}`);
  await mkdir(canaryDir);
  canary = path.join(canaryDir, 'CANARY');
});

after(async () => {
  await gateway.close();
  await other.close();
  await rm(workDir, { recursive: true, force: true });
  await rm(canaryDir, { recursive: true, force: true });
});

const octal = (text: string): string => [...Buffer.from(text)].map((b) => `\\${b.toString(8).padStart(3, '0')}`).join('');
/** Mathematical sans-serif small letters: left alone by toUpperCase, folded back to ASCII by Python's NFKC of identifiers. */
const sansSerif = (word: string): string => [...word].map((c) => String.fromCodePoint(0x1d5ba + c.charCodeAt(0) - 97)).join('');

const METHOD_ATTACKS: ReadonlyArray<{ name: string; method: () => string }> = [
  { name: 'bash ANSI-C quoting in a command substitution (survives upper-casing)', method: () => `$($'${octal('touch')}'\${IFS}$'${octal(canary)}')` },
  { name: 'PHP string concatenation calling touch() (function names ignore case)', method: () => `POST'.TOUCH("${octal(canary)}").'` },
  {
    name: 'Python identifiers in mathematical letters (upper-casing keeps them, NFKC makes them ASCII)',
    method: () => `X"+${sansSerif('str')}(__${sansSerif('import')}__("${octal('os')}").${sansSerif('system')}("${octal(`touch ${canary}`)}"))+"`,
  },
];

function saleFile(method: string): string {
  return `${method} {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{"type": "SALE", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}\n`;
}

function keysEnv(): NodeJS.ProcessEnv {
  // CARD: the card number the sales below carry, which their programs read from the environment.
  return { ...CLEAN_ENV, GATEWAY_URL: gateway.gatewayUrl, BOARDING_URL: gateway.boardingUrl, GATEWAY_API_KEY: gateway.apiKey, GATEWAY_ACCESS_KEY: gateway.accessKey, GATEWAY_MERCHANT_ID: gateway.merchantId, CARD: '4111111111111111' };
}

function presentLanguages(): BatchLanguage[] {
  return BATCH_LANGUAGES.filter((lang) => {
    const toolchain = TOOLCHAINS.find((t) => t.lang === lang);
    const present = toolchain?.available() ?? false;
    if (!present && MISSING_TOOLCHAIN_FAILS) assert.fail(`${lang}: ${toolchain?.needs} is not installed`);
    return present;
  });
}

let batch = 0;
/** Runs each program of `programs` (by language) and returns the folder they ran in. */
async function runAll(programs: ReadonlyArray<ProgramToRun & { lang: BatchLanguage }>): Promise<Map<string, string>> {
  const dir = path.join(workDir, `batch-${++batch}`);
  const statuses = new Map<string, string>();
  for (const lang of presentLanguages()) {
    const ends = await runPrograms(lang, programs.filter((p) => p.lang === lang), path.join(dir, lang), keysEnv());
    for (const [id, end] of ends) statuses.set(id, `${end.status} ${end.output}`.trim());
  }
  return statuses;
}

async function filesNamedCanary(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => path.basename(String(e)).toUpperCase() === 'CANARY');
}

async function assertNothingRan(): Promise<void> {
  assert.equal(existsSync(canary), false, `a smuggled command ran: ${canary} was created`);
  assert.deepEqual(await filesNamedCanary(workDir), [], 'a smuggled command made a canary file in a program\'s folder');
}

const caseHeader = (exchange: SandboxExchange): string | undefined => exchange.requestHeaders['x-case'] as string | undefined;

const SALE_LINE = 'POST {{gatewayUrl}}/rest/v2/transactions/sale';

describe('a method smuggled into the request line', () => {
  for (const attack of METHOD_ATTACKS) {
    it(`is refused by every generator: ${attack.name}`, () => {
      for (const language of LANGUAGES) {
        assert.throws(() => generateFromText(language, saleFile(attack.method())), /unknown method/, `${language.id} generated a program`);
      }
    });
  }

  it('never runs, in any language, whatever was generated', async () => {
    const programs: Array<ProgramToRun & { lang: BatchLanguage }> = [];
    for (const [i, attack] of METHOD_ATTACKS.entries()) {
      for (const lang of BATCH_LANGUAGES) {
        try {
          const program = generateFromText(languageById(lang)!, saleFile(attack.method()));
          programs.push({ lang, id: `method-${i}-${lang}`, fileName: program.fileName, code: program.code });
        } catch {
          // Refused: nothing to run.
        }
      }
    }
    await runAll(programs);
    await assertNothingRan();
  });
});

/** Request files whose text lands in the program's comments, strings, heredocs and text blocks; each must still send exactly its body. */
interface SmuggledText {
  name: string;
  /** The request file, its X-Case header `caseId` (to tell which program sent what). */
  file: (caseId: string) => string;
  body: () => string;
  /** Files next to the request file (body files). */
  files?: () => Record<string, string>;
  /** The program's source name (the request file's path, shown in its opening comment). */
  source?: () => string;
  env?: Record<string, string>;
}

const PHP_ESCAPE = (): string => `?><?php touch("${octal(canary)}"); ?>`;

const SMUGGLED: readonly SmuggledText[] = [
  {
    name: 'PHP: "?>" in the ### title ends the comment and leaves PHP mode',
    file: (id) => `### Sale ${PHP_ESCAPE()}\n${SALE_LINE}\nX-Case: ${id}\nContent-Type: application/json\n\n{"amount": "1.00"}\n`,
    body: () => '{"amount": "1.00"}',
  },
  {
    name: 'PHP: "?>" in a # @prompt question',
    file: (id) => `# @prompt amount ${PHP_ESCAPE()}\n${SALE_LINE}\nX-Case: ${id}\nContent-Type: application/json\n\n{"amount": "{{amount}}"}\n`,
    body: () => '{"amount": "2.00"}',
    env: { AMOUNT: '2.00' },
  },
  {
    name: 'PHP: a body file with a lone CR before a line equal to the heredoc marker',
    file: (id) => `${SALE_LINE}\nX-Case: ${id}\nContent-Type: application/json\n\n< ./body.json\n`,
    files: () => ({ 'body.json': `{"amount": "3.00"}\rBODY;\ntouch("${octal(canary)}");__halt_compiler();` }),
    body: () => `{"amount": "3.00"}\rBODY;\ntouch("${octal(canary)}");__halt_compiler();`,
  },
  {
    name: 'Java: """" in a body closes the text block',
    file: (id) => `${SALE_LINE}\nX-Case: ${id}\nContent-Type: application/json\n\n{\n""""+new java.io.File("${canary}").createNewFile();//\n`,
    body: () => `{\n""""+new java.io.File("${canary}").createNewFile();//`,
  },
  {
    name: 'cURL: a line break in the request file\'s name escapes the opening comment',
    file: (id) => `${SALE_LINE}\nX-Case: ${id}\nContent-Type: application/json\n\n{"amount": "4.00"}\n`,
    body: () => '{"amount": "4.00"}',
    source: () => `sale.gwreq\ntouch ${canary}\n#`,
  },
];

describe('text smuggled into comments, strings and bodies', () => {
  it('runs nothing, and every program sends the request exactly as the file describes', async () => {
    const programs: Array<ProgramToRun & { lang: BatchLanguage }> = [];
    const cases = new Map<string, SmuggledText>();
    for (const [i, smuggled] of SMUGGLED.entries()) {
      const dir = path.join(workDir, `smuggled-${i}`);
      await mkdir(dir, { recursive: true });
      for (const [name, content] of Object.entries(smuggled.files?.() ?? {})) await writeFile(path.join(dir, name), content);
      for (const lang of BATCH_LANGUAGES) {
        const id = `smuggled-${i}-${lang}`;
        const program = generateFromText(languageById(lang)!, smuggled.file(id), {
          readBodyFile: bodyFileReader({ folder: dir, root: { dir, name: 'the request file\'s folder' } }),
          gatewayUrl: gateway.gatewayUrl,
          ...(smuggled.source ? { source: smuggled.source() } : {}),
        });
        cases.set(id, smuggled);
        programs.push({ lang, id, fileName: program.fileName, code: program.code });
      }
    }
    const before = seenByGateway.length;
    const env = Object.assign(keysEnv(), ...SMUGGLED.map((s) => s.env ?? {})) as NodeJS.ProcessEnv;
    const dir = path.join(workDir, `batch-${++batch}`);
    const statuses = new Map<string, string>();
    for (const lang of presentLanguages()) {
      const ends = await runPrograms(lang, programs.filter((p) => p.lang === lang), path.join(dir, lang), env);
      for (const [id, end] of ends) statuses.set(id, `${end.status} ${end.output}`.trim());
    }
    await assertNothingRan();
    const received = seenByGateway.slice(before);
    for (const program of programs.filter((p) => presentLanguages().includes(p.lang))) {
      const smuggled = cases.get(program.id)!;
      const mine = received.filter((e) => caseHeader(e) === program.id);
      assert.equal(mine.length, 1, `${program.lang}, ${smuggled.name}: the sandbox received ${mine.length} requests (${statuses.get(program.id)})`);
      assert.equal(mine[0].method, 'POST');
      assert.equal(mine[0].path, '/rest/v2/transactions/sale');
      assert.equal(mine[0].requestHeaders['api-key'], gateway.apiKey, `${program.lang}: the key was sent`);
      assert.equal(mine[0].requestBody?.toString('utf8') ?? '', smuggled.body(), `${program.lang}, ${smuggled.name}: the body differs`);
    }
  });

  it('the comments of every language (C# included) hold no line end that came from the file', () => {
    // What a ### line can hold (the parser ends a line at CR and LF, and U+2028 makes it no separator); the source name holds the rest.
    const title = 'Sale\u0085// three\u000bfour \u202Egnp.exe\u200F\uFEFF';
    for (const language of LANGUAGES) {
      const { code } = generateFromText(language, `### ${title}\n${SALE_LINE}\nContent-Type: application/json\n\n{"amount": "1.00"}\n`, { source: 'a\nb.gwreq\rc\u2028d\u2029e' });
      assert.ok(!/[\u2028\u2029\u0085\r\u000b\u202E\u200F\uFEFF]/.test(code), `${language.id}: a line or paragraph separator, CR, bidi or format character reached the program`);
      assert.ok(!code.split('\n').some((line) => line.trim() === 'b.gwreq'), `${language.id}: the source name broke out of its comment line`);
    }
  });
});

describe('where the key goes', () => {
  const saleTo = (target: string, lead = ''): string => `${lead}POST ${target}\nX-Case: origin\nContent-Type: application/json\n\n{"amount": "5.00", "card": "4111111111111111", "exp-date": "1230"}\n`;
  const ORIGIN_CASES: ReadonlyArray<{ name: string; file: () => string; reachesGateway: boolean }> = [
    { name: 'a literal URL of another origin gets no key', file: () => saleTo(`${other.gatewayUrl}/rest/v2/transactions/sale`), reachesGateway: false },
    { name: '@gatewayUrl set in the file is not read: the request goes to GATEWAY_URL', file: () => saleTo('{{gatewayUrl}}/rest/v2/transactions/sale', `@gatewayUrl = ${other.gatewayUrl}\n`), reachesGateway: true },
    { name: 'a host written after {{gatewayUrl}} (user-info trick) gets no key', file: () => saleTo(`{{gatewayUrl}}@127.0.0.1:${other.port}/rest/v2/transactions/sale`), reachesGateway: false },
  ];

  for (const originCase of ORIGIN_CASES) {
    it(`${originCase.name}, in every language`, async () => {
      const programs: Array<ProgramToRun & { lang: BatchLanguage }> = BATCH_LANGUAGES.map((lang) => {
        const program = generateFromText(languageById(lang)!, originCase.file(), { gatewayUrl: gateway.gatewayUrl });
        return { lang, id: `origin-${lang}`, fileName: program.fileName, code: program.code };
      });
      const gatewayBefore = seenByGateway.length;
      const otherBefore = seenByOther.length;
      const statuses = await runAll(programs);
      const toOther = seenByOther.slice(otherBefore).filter((e) => caseHeader(e) === 'origin');
      const toGateway = seenByGateway.slice(gatewayBefore).filter((e) => caseHeader(e) === 'origin');
      assert.deepEqual(toOther.filter((e) => e.requestHeaders['api-key'] !== undefined).map((e) => e.requestHeaders['api-key']), [], `a key reached the other origin (${[...statuses.values()].join('; ')})`);
      if (originCase.reachesGateway) assert.equal(toGateway.length, presentLanguages().length, 'each program sent it to GATEWAY_URL');
      else assert.equal(toGateway.length, 0, 'nothing went to the environment\'s gateway');
      const csharp = generateFromText(languageById('csharp')!, originCase.file(), { gatewayUrl: gateway.gatewayUrl });
      if (!originCase.reachesGateway) assert.doesNotMatch(csharp.code, /GATEWAY_API_KEY/, 'the C# program reads the key');
    });
  }
});
