// History keeps request bodies redacted: a card number as `XXXXXXXXXXXX1111`, a CSC as `***`.
// Re-running such a request needs the card back: the Local sandbox's test card with the same
// last four, or one the user enters; a masked CSC alone (a token sale) is left out or typed again.
// Pure (no vscode) so node tests check it.
import { TEST_CARDS } from '../../language/data/testCards';

const MASKED_PAN = /X{6,}(\d{4})/;
// The CSC field names redaction hides as `***` (core/protection/redaction.ts).
const CSC_NAME = '(?:csc|cvv)';
const MASKED_CSC_JSON = new RegExp(`("${CSC_NAME}"\\s*:\\s*)"\\*+"`, 'gi');
const MASKED_CSC_XML = new RegExp(`(<(${CSC_NAME})>)\\*+(</\\2>)`, 'gi');
/** A masked JSON CSC field after another field: its comma goes with it. */
const MASKED_CSC_JSON_AFTER = new RegExp(`,\\s*"${CSC_NAME}"\\s*:\\s*"\\*+"`, 'gi');
/** One first in its object (or alone): the comma after it goes with it. */
const MASKED_CSC_JSON_FIRST = new RegExp(`"${CSC_NAME}"\\s*:\\s*"\\*+"\\s*,?\\s*`, 'gi');
const MASKED_CSC_XML_FIELD = new RegExp(`\\s*<(${CSC_NAME})>\\*+</\\1>`, 'gi');

/** The last four of the masked card number in `body`, when it has one. */
export function maskedCardIn(body: string | undefined): { lastFour: string } | undefined {
  const m = body ? MASKED_PAN.exec(body) : null;
  return m ? { lastFour: m[1] } : undefined;
}

/** The Local sandbox's test card that ends in `lastFour`, else its first Visa. */
export function testCardFor(lastFour: string): string {
  return (TEST_CARDS.find((c) => c.number.endsWith(lastFour)) ?? TEST_CARDS[0]).number;
}

/** Whether `body` holds a CSC history masked (`"csc": "***"`, `<csc>***</csc>`). */
export function hasMaskedCsc(body: string | undefined): boolean {
  if (!body) return false;
  MASKED_CSC_JSON.lastIndex = 0;
  MASKED_CSC_XML.lastIndex = 0;
  return MASKED_CSC_JSON.test(body) || MASKED_CSC_XML.test(body);
}

/** `body` with its masked CSC fields removed, the JSON still JSON (no comma left dangling). */
export function withoutMaskedCsc(body: string): string {
  return body.replace(MASKED_CSC_JSON_AFTER, '').replace(MASKED_CSC_JSON_FIRST, '').replace(MASKED_CSC_XML_FIELD, '');
}

/** `body` with its masked CSC fields set to `csc`. */
export function withCsc(body: string, csc: string): string {
  return body.replace(MASKED_CSC_JSON, `$1"${csc}"`).replace(MASKED_CSC_XML, `$1${csc}$3`);
}

/** `body` with the masked card number replaced by `pan` and a masked CSC by `csc` (or dropped). */
export function withCard(body: string, pan: string, csc?: string): string {
  const card = body.replace(new RegExp(MASKED_PAN.source, 'g'), pan);
  return csc ? withCsc(card, csc) : withoutMaskedCsc(card);
}
