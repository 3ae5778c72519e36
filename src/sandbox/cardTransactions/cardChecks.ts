// Card data checks shared by transactions and the vault: Luhn, brand by BIN, expiry on the
// sandbox clock, CSC shape. The full number is read here and never stored.

import { cardBrand, checks, luhnValid } from '../../core/checks/inputChecks';
import type { SandboxClock } from '../domain/domain';
import { fieldError } from '../http/bodyFields';

interface PanSummary { brand: string; lastFour: string }

export function panSummary(pan: string, field = 'card'): PanSummary {
  if (!luhnValid(pan)) throw fieldError(field, `is ${checks.luhn(pan) ?? 'not a valid card number'}`);
  return { brand: cardBrand(pan) ?? 'UNKNOWN', lastFour: pan.slice(-4) };
}

/** MMYY, valid through the last day of that month on the sandbox clock. */
export function checkExpDate(expDate: string, clock: SandboxClock, field = 'exp-date'): string {
  const shape = checks.expDate(expDate);
  if (shape) throw fieldError(field, `is ${shape}`);
  const month = Number(expDate.slice(0, 2));
  const year = 2000 + Number(expDate.slice(2));
  const firstInvalid = Date.UTC(year, month, 1);
  if (clock.nowMs() >= firstInvalid) {
    throw fieldError(field, `${expDate} has passed (sandbox clock ${clock.now().toISOString().slice(0, 10)}); use a future MMYY such as 1230`);
  }
  return expDate;
}

export function checkCsc(csc: string | undefined): void {
  if (csc === undefined) return;
  const problem = checks.csc(csc);
  if (problem) throw fieldError('csc', `is ${problem}`);
}
