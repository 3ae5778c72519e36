// The report of an exactly-once check: text for a person, JUnit XML for a CI server. Each
// faulted run is one line (one testcase): held, doubled (with what was doubled and the ids),
// failed (the command's exit and the end of its output), or not reached.

import { XMLBuilder } from 'fast-xml-parser';
import { redact } from '../../core/protection/redaction';
import { visibleText } from '../../core/protection/visibleText';
import { describeExit, passed } from './appRun';
import type { Double } from './doubles';
import { heldEverywhere, type ExactlyOnceResult, type FaultedRunResult } from './exactlyOnceRun';
import { stepName } from './steps';

export type ExactlyOnceFormat = 'text' | 'junit';

type Verdict = 'doubled' | 'failed' | 'held' | 'not reached';

function verdictOf(run: FaultedRunResult): Verdict {
  if (run.doubles.length) return 'doubled';
  if (!passed(run.exit)) return 'failed';
  return run.reached ? 'held' : 'not reached';
}

const KIND_WORDS: Readonly<Record<Double['kind'], string>> = { charge: 'charge', refund: 'refund', 'ach-debit': 'ACH debit', plan: 'payment plan' };

/** Text from the application (an invoice) is shown as text only: no control characters, no card numbers. */
const shown = (text: string): string => visibleText(redact(text));

function describeDouble(d: Double): string {
  const where = d.kind === 'ach-debit' ? `account ending ${d.lastFour}` : d.lastFour ? `card ending ${d.lastFour}` : undefined;
  const what = [`${KIND_WORDS[d.kind]} of ${d.amount}`, where && `on ${where}`, d.invoice !== undefined && `invoice ${shown(d.invoice)}`].filter(Boolean).join(', ');
  return `${what}: ${d.count} now, ${d.cleanCount} in the clean run (ids ${d.ids.map(shown).join(', ')})`;
}

function runTitle(run: FaultedRunResult): string {
  return `${stepName(run.step)} with ${run.fault}`;
}

function failure(run: FaultedRunResult, cleanExit: string): string[] {
  const lines = [`the command failed: ${describeExit(run.exit)} (clean run: ${cleanExit})`];
  const tail = run.exit.tail.trimEnd().split('\n').slice(-5);
  if (tail.length && tail[0] !== '') lines.push(...tail.map(l => `  | ${shown(l)}`));
  return lines;
}

function counts(result: ExactlyOnceResult): Record<Verdict, number> {
  const n: Record<Verdict, number> = { doubled: 0, failed: 0, held: 0, 'not reached': 0 };
  for (const run of result.runs) n[verdictOf(run)] += 1;
  return n;
}

export function textReport(result: ExactlyOnceResult): string {
  const lines = [`exactly-once: ${shown(result.command.join(' '))}`];
  const cleanExit = describeExit(result.clean.exit);
  if (result.interrupted && !result.runs.length && !passed(result.clean.exit)) {
    lines.push('Interrupted during the clean run: nothing to report.');
    return lines.join('\n');
  }
  if (!passed(result.clean.exit)) {
    lines.push(`The clean run failed (${cleanExit}): with no faults at all, there is nothing to compare. Make the command pass against a fresh sandbox first.`);
    return lines.join('\n');
  }
  const steps = result.clean.steps;
  lines.push(`clean run: ${cleanExit} in ${(result.clean.exit.timeMs / 1000).toFixed(1)} s; ${steps.length} step(s) that change something${steps.length ? `: ${steps.map(stepName).join(', ')}` : ''}`);
  if (!steps.length) lines.push('Nothing to fault: the command made no request that moves money or changes state.');
  for (const run of result.runs) {
    const verdict = verdictOf(run);
    lines.push(`${verdict.toUpperCase().padEnd(11)} ${runTitle(run)}`);
    for (const d of run.doubles) lines.push(`  ${describeDouble(d)}`);
    if (verdict === 'failed' || (run.doubles.length && !passed(run.exit))) lines.push(...failure(run, cleanExit).map(l => `  ${l}`));
  }
  const n = counts(result);
  const notRun = result.notRun ? `; ${result.notRun} not run (${result.interrupted ? 'interrupted' : '--runs'})` : '';
  lines.push(`${result.runs.length} faulted run(s): ${n.doubled} doubled, ${n.failed} failed, ${n.held} held, ${n['not reached']} not reached${notRun}.`);
  lines.push(heldEverywhere(result) ? 'The application held: nothing was done twice.' : 'The application did something twice, or failed, where a fault hit it.');
  return lines.join('\n');
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

/** Characters XML 1.0 cannot hold at all, dropped. */
const NOT_XML = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const clean = (text: string): string => text.replace(NOT_XML, '');

export function junitReport(result: ExactlyOnceResult): string {
  const cleanExit = describeExit(result.clean.exit);
  const cases: Record<string, unknown>[] = [{
    '@_name': 'clean run', '@_classname': 'exactly-once', '@_time': (result.clean.exit.timeMs / 1000).toFixed(3),
    ...(passed(result.clean.exit) ? {} : { error: { '@_message': clean(`The clean run failed (${cleanExit})`), '#text': clean(shown(result.clean.exit.tail)) } }),
  }];
  for (const run of result.runs) {
    const verdict = verdictOf(run);
    const testcase: Record<string, unknown> = { '@_name': clean(runTitle(run)), '@_classname': 'exactly-once', '@_time': (run.exit.timeMs / 1000).toFixed(3) };
    if (verdict === 'doubled') {
      testcase.failure = { '@_message': clean(`doubled: ${run.doubles.map(d => `${KIND_WORDS[d.kind]} of ${d.amount}`).join(', ')}`), '#text': clean(run.doubles.map(describeDouble).join('\n')) };
    } else if (verdict === 'failed') {
      testcase.failure = { '@_message': clean(`the command failed: ${describeExit(run.exit)}`), '#text': clean(failure(run, cleanExit).join('\n')) };
    } else if (verdict === 'not reached') {
      testcase.skipped = { '@_message': 'the faulted step did not happen in this run' };
    }
    cases.push(testcase);
  }
  const n = counts(result);
  const suite = {
    '@_name': 'exactly-once', '@_tests': String(cases.length), '@_failures': String(n.doubled + n.failed),
    '@_errors': passed(result.clean.exit) ? '0' : '1', '@_skipped': String(n['not reached']), testcase: cases,
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ testsuites: { testsuite: suite } })}`;
}
