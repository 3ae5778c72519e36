// Every settings group as data: its element, field rules, defaults, and the few ways a group
// answers differently (device and HPP answer with the terminal settings object; HPP uses
// 201/204 and can be unconfigured; the CSC update answers with the generic envelope).

import type { CheckName } from '../../catalog/types';
import { SANDBOX_TERMINAL } from '../domain/sandboxMerchant';
import type { SettingsValues } from './settingsState';

export type FieldRule =
  | { kind: 'boolean' }
  | { kind: 'integer' }
  | { kind: 'text' }
  | { kind: 'check'; check: CheckName }
  | { kind: 'enum'; values: readonly string[] }
  /** Identity fields: accepted only when equal to the current value. */
  | { kind: 'readonly' }
  | { kind: 'object'; fields: Record<string, FieldRule> }
  /** `<emails><email>…</email>…</emails>`: a wrapper holding repeated `item` elements. */
  | { kind: 'list'; item: string; fields: Record<string, FieldRule> }
  /** A single value or a list (CSC filters: the interface's string, or the Java sample's filter list). */
  | { kind: 'textOrList'; list: { kind: 'list'; item: string; fields: Record<string, FieldRule> } };

export interface SettingsGroupRule {
  /** Middle of the operation id, `settings.<key>.<action>`. */
  key: string;
  element: string;
  fields: Record<string, FieldRule>;
  defaults: () => SettingsValues | null;
  /** Device and HPP answer with `terminal-settings` (plus their own element when configured). */
  answersWithTerminal?: boolean;
  /** DELETE makes the group unconfigured (GET then 404) instead of restoring defaults. */
  deleteUnconfigures?: boolean;
  /** GET answers 404 while the group is unconfigured (HPP between DELETE and the next POST/PUT). */
  notFoundWhenUnconfigured?: boolean;
  /** Statuses that differ from 200, by action; `createdWhenNew` is the PUT status when nothing existed. */
  statuses?: { create?: number; delete?: number; createdWhenNew?: number };
  genericEnvelopeOnUpdate?: boolean;
}

const bool: FieldRule = { kind: 'boolean' };
const text: FieldRule = { kind: 'text' };
const url: FieldRule = { kind: 'check', check: 'url' };
const emails: FieldRule = { kind: 'list', item: 'email', fields: { address: { kind: 'check', check: 'email' } } };
const responseFilters = { kind: 'list', item: 'response-filter', fields: { name: text, allowed: bool } } as const;

export const SETTINGS_GROUPS: readonly SettingsGroupRule[] = [
  {
    key: 'transactionAlert', element: 'alert-settings',
    fields: { merchantId: text, terminalId: text, emails, callbackUrl: url },
    defaults: () => ({}),
  },
  {
    key: 'terminal', element: 'terminal-settings',
    fields: {
      'merchant-id': { kind: 'readonly' }, 'terminal-id': { kind: 'readonly' },
      'merchant-name': text, 'terminal-name': text, 'business-phone': text,
      'commerce-type': { kind: 'enum', values: ['ECOMMERCE', 'RETAIL'] },
      'enable-tip': bool, 'time-zone': text,
      'batch-time-utc': { kind: 'check', check: 'time' }, 'enable-auto-close-batch': bool,
      'service-fee': text,
      'service-fee-type': { kind: 'enum', values: ['PERCENTAGE', 'FLATFEE'] },
      'service-fee-state': { kind: 'enum', values: ['ENABLED', 'DISABLED'] },
      'service-fee-program-type': { kind: 'enum', values: ['SURCHARGE', 'NON_CASH_ADJUSTMENT', 'EMPOWER_LITE', 'SERVICE_FEE', 'CONVENIENCE_FEE'] },
    },
    defaults: () => ({
      'batch-time-utc': '03:00', 'business-phone': '5555550100', 'commerce-type': 'ECOMMERCE',
      'enable-auto-close-batch': 'false', 'enable-tip': 'true',
      'merchant-name': SANDBOX_TERMINAL.merchantName, 'terminal-name': SANDBOX_TERMINAL.terminalName,
      'service-fee': '0.00', 'service-fee-program-type': 'SERVICE_FEE', 'service-fee-state': 'DISABLED',
      'service-fee-type': 'PERCENTAGE', 'time-zone': 'Central/US',
    }),
  },
  {
    key: 'avs', element: 'avs-settings',
    fields: { enabled: bool, 'response-filters': responseFilters },
    defaults: () => ({ enabled: 'false' }),
  },
  {
    key: 'csc', element: 'csc-settings',
    fields: { enabled: bool, 'response-filters': { kind: 'textOrList', list: responseFilters } },
    defaults: () => ({ enabled: 'true', 'response-filters': 'CSC_MATCHED' }),
    genericEnvelopeOnUpdate: true,
  },
  {
    key: 'device', element: 'device-settings',
    fields: { 'device-api-key': text, enabled: bool, manufacturer: text },
    defaults: () => null,
    answersWithTerminal: true,
    deleteUnconfigures: true,
  },
  {
    key: 'hpp', element: 'hpp-settings',
    // The key is the sandbox's own (its private half signs answers; domain/answerSignature.ts):
    // served from the sandbox's keys, not stored here, and a body may only echo it.
    fields: { enabled: bool, 'hpp-enabled': bool, 'hpp-domain': url, 'hpp-public-key': { kind: 'readonly' } },
    defaults: () => ({ enabled: 'true', 'hpp-domain': 'https://localhost' }),
    answersWithTerminal: true,
    deleteUnconfigures: true,
    notFoundWhenUnconfigured: true,
    statuses: { create: 201, delete: 204, createdWhenNew: 201 },
  },
  {
    key: 'paylink', element: 'paylink-settings',
    fields: {
      terminalId: { kind: 'check', check: 'digits' }, enabled: bool, 'success-url': url, 'cancel-url': url,
      metadata: { kind: 'object', fields: { 'show-billing-address': bool, 'require-billing-address': bool } },
    },
    defaults: () => ({ terminalId: SANDBOX_TERMINAL.terminalId, enabled: 'false' }),
  },
  {
    key: 'report', element: 'report-settings',
    fields: { emails, enabled: bool, type: { kind: 'enum', values: ['LAST_CLOSED_BATCH'] }, 'report-time': { kind: 'check', check: 'time' } },
    defaults: () => ({ enabled: 'false', type: 'LAST_CLOSED_BATCH' }),
  },
  {
    key: 'rps', element: 'rps-settings',
    fields: { enabled: bool },
    defaults: () => ({ enabled: 'false' }),
  },
  {
    key: 'duplicates', element: 'check-duplicate-transaction-settings',
    fields: {
      enabled: bool, 'time-range-in-minutes': { kind: 'integer' }, 'if-duplicate-found-respond-with-error': bool,
      'include-invoice': bool, 'check-merchant-level': bool, 'use-invoice-instead-of-card': bool,
    },
    defaults: () => ({
      enabled: 'false', 'time-range-in-minutes': '10', 'if-duplicate-found-respond-with-error': 'true',
      'include-invoice': 'false', 'check-merchant-level': 'false', 'use-invoice-instead-of-card': 'false',
    }),
  },
];
