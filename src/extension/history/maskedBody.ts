// History keeps request bodies redacted: a card number as `XXXXXXXXXXXX1111`, a CSC as `***`.
// Re-running such a request needs the card back: the Local sandbox's test card with the same
// last four, or one the user enters. Pure (no vscode) so node tests check it.
import { TEST_CARDS } from '../../language/data/testCards';

const MASKED_PAN = /X{6,}(\d{4})/;
const MASKED_CSC_JSON = /("csc"\s*:\s*)"\*+"/g;
const MASKED_CSC_XML = /(<csc>)\*+(<\/csc>)/g;

/** The last four of the masked card number in `body`, when it has one. */
export function maskedCardIn(body: string | undefined): { lastFour: string } | undefined {
  const m = body ? MASKED_PAN.exec(body) : null;
  return m ? { lastFour: m[1] } : undefined;
}

/** The Local sandbox's test card that ends in `lastFour`, else its first Visa. */
export function testCardFor(lastFour: string): string {
  return (TEST_CARDS.find((c) => c.number.endsWith(lastFour)) ?? TEST_CARDS[0]).number;
}

/** `body` with the masked card number replaced by `pan` and a masked CSC by `csc` (or dropped). */
export function withCard(body: string, pan: string, csc?: string): string {
  const card = body.replace(new RegExp(MASKED_PAN.source, 'g'), pan);
  if (csc) return card.replace(MASKED_CSC_JSON, `$1"${csc}"`).replace(MASKED_CSC_XML, `$1${csc}$2`);
  return card.replace(/,?\s*"csc"\s*:\s*"\*+"/g, '').replace(/\s*<csc>\*+<\/csc>/g, '');
}
