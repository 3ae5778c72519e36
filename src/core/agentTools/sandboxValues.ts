// The Local sandbox's special values, from the tables docs/sandbox.md and the sandbox itself use:
// which amount declines with which code, which zip and CSC give which AVS/CSC result, which ACH
// account comes back returned. Offered to agents so they test declines on purpose.
import { ACH_RETURN_RULES } from '../../catalog/localSandbox/achReturns';
import { DECLINE_TABLE } from '../../catalog/localSandbox/declineAmounts';
import { AVS_BY_ZIP, CSC_BY_VALUE } from '../../catalog/localSandbox/verificationValues';
import type { Operation } from '../../catalog/types';

export const DECLINE_AMOUNTS = DECLINE_TABLE.map((r) => ({ amounts: r.amounts, resultCode: r.resultCode, message: r.message }));
export const AVS_ZIPS = Object.entries(AVS_BY_ZIP).map(([zip, r]) => ({ zip, avsResultCode: r.code, description: r.description }));
export const CSC_VALUES = Object.entries(CSC_BY_VALUE).map(([csc, r]) => ({ csc, cscResultCode: r.code, description: r.description }));
export const ACH_RETURNS = ACH_RETURN_RULES.map((r) => ({ accountEndsWith: r.accountEndsWith, returnCode: r.code, message: r.message }));

function hasField(op: Operation, name: string): boolean {
  const walk = (fields: Operation['fields']): boolean => fields.some((f) => f.name === name || (f.fields ? walk(f.fields) : false));
  return walk(op.fields);
}

/** The tables that bear on this operation's fields (an amount, a zip, a CSC, an ACH account). */
export function sandboxValuesFor(op: Operation): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if ((op.group === 'card-transactions' || op.group === 'mobile') && hasField(op, 'amount')) values.declineAmounts = { note: 'amounts not listed are approved', table: DECLINE_AMOUNTS };
  if (hasField(op, 'billing') || hasField(op, 'zip')) values.avsZips = AVS_ZIPS;
  if (hasField(op, 'csc')) values.cscValues = CSC_VALUES;
  if (hasField(op, 'account-number')) values.achReturns = ACH_RETURNS;
  return values;
}
