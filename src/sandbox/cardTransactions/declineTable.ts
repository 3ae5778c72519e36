// Sandbox results driven by amount: the lookup over the catalog's public table of them.

import { DECLINE_TABLE, type AmountRule } from '../../catalog/localSandbox/declineAmounts';

const byAmount = new Map<string, AmountRule>();
for (const rule of DECLINE_TABLE) {
  for (const amount of rule.amounts) if (!byAmount.has(amount)) byAmount.set(amount, rule);
}

/** The decline for `amount`, or undefined when it is approved. */
export function declineFor(amount: string): AmountRule | undefined {
  const rule = byAmount.get(amount);
  return rule && rule.resultCode !== '000' ? rule : undefined;
}
