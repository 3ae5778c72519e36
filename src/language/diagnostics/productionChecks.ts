// A sandbox test card in a request that goes to production: the real gateway would try to
// charge it (or decline it), which is never what the author meant. A warning where it stands.

import type { Diagnostic } from 'vscode-languageserver-types';
import { CARD_NUMBER } from '../../core/checks/cardNumberShape';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { TEST_CARDS } from '../data/testCards';
import type { DocumentTarget } from '../documents/documentTarget';
import { diagnostic } from './diagnostic';

const TEST_NUMBERS: ReadonlySet<string> = new Set(TEST_CARDS.map((c) => c.number));
/** A whole run of digits as long as a card number: the test cards are looked up among these. */
const DIGIT_RUN = new RegExp(`(?<!\\d)\\d{${CARD_NUMBER.minDigits},${CARD_NUMBER.maxDigits}}(?!\\d)`, 'g');

export function productionDiagnostics(doc: AnalyzedDocument, target: DocumentTarget): Diagnostic[] {
  if (!target.production) return [];
  const out: Diagnostic[] = [];
  for (const match of doc.text.matchAll(DIGIT_RUN)) {
    if (!TEST_NUMBERS.has(match[0])) continue;
    const start = doc.positionAt(match.index);
    if (doc.lineText(start.line).trimStart().startsWith('#')) continue;   // a comment sends nothing
    out.push(diagnostic({ start, end: doc.positionAt(match.index + match[0].length) }, 'test-card-in-production',
      `a sandbox test card (…${match[0].slice(-4)}) in a request to PRODUCTION "${target.name}": the real gateway would charge or decline it. Use a real card or a token, or send this to a sandbox.`));
  }
  return out;
}
