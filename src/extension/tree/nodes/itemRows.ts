// How each kind of tree item looks and behaves, one row per kind (like the menus' ITEM_ACTIONS):
// card and ACH transactions, card tokens, the open batch, ACH providers and their SEC codes,
// remembered ACH tokens and merchants, settings groups, documents and statement months.
import * as vscode from 'vscode';
import { displayGatewayTime } from '../../../core/time/displayTime';
import { COMMANDS, operationCommandId, type KnownResource, type KnownResourceKind } from '../../contracts';
import { commandFor } from '../../commands/commandRunner';
import {
  achTransactionContext, achTransactionDescription, achTransactionLabel, batchDescription, cardTokenLabel,
  cardTransactionContext, cardTransactionDescription, cardTransactionLabel, monthName,
} from '../itemLabels';
import { ITEM_VARS } from '../itemVars';
import { text, textsAt, type GatewayRecord } from '../responseReading';
import type { SettingsGroup } from '../settingsGroups';
import { recordTooltip } from './groupItem';
import { recordNode, type ItemRow } from './recordNode';

const icon = (id: string, color?: string) => new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);

const CARD_ICON_BY_TYPE: Readonly<Record<string, [icon: string, color?: string]>> = {
  SALE: ['pass', 'charts.green'],
  'FORCED SALE': ['pass', 'charts.green'],
  CAPTURE: ['pass', 'charts.green'],
  AUTH: ['lock', 'charts.blue'],
  REFUND: ['reply', 'charts.orange'],
  VOID: ['circle-slash'],
};

const ACH_STATUS_ICONS: Readonly<Record<string, [icon: string, color?: string]>> = {
  Pending: ['clock'],
  Settling: ['sync', 'charts.blue'],
  Settled: ['pass', 'charts.green'],
  Returned: ['error', 'list.errorForeground'],
  Void: ['circle-slash'],
};

/** A card transaction, and whether the loaded pages show a capture of it (an AUTH). */
interface CardTransactionData { record: GatewayRecord; captured: boolean }

const cardTransaction: ItemRow<CardTransactionData> = {
  key: ({ record }) => text(record, 'id'),
  label: ({ record }) => cardTransactionLabel(record),
  description: ({ record, captured }, node) => cardTransactionDescription(record, node.timeFrame(), captured),
  icon: ({ record }) => {
    if (text(record, 'result') === 'DECLINED') return icon('error', 'list.errorForeground');
    if (text(record, 'voided') === 'true') return icon('circle-slash');
    const [id, color] = CARD_ICON_BY_TYPE[text(record, 'type')] ?? ['credit-card'];
    return icon(id, color);
  },
  contextValue: ({ record, captured }) => cardTransactionContext(record, captured),
  // A click opens the transaction as the gateway has it now (a search by its id).
  click: ({ record }, node) => ({
    command: operationCommandId('transactions.search'),
    title: 'Open transaction',
    arguments: [{ environmentName: node.environmentName, vars: { id: text(record, 'id') } }],
  }),
  tooltip: ({ record: tx }, node) => recordTooltip(`Transaction ${text(tx, 'id')}`, [
    ['result', `${text(tx, 'result')} ${text(tx, 'result-code')} ${text(tx, 'display-message')}`.trim()],
    ['created', displayGatewayTime(text(tx, 'created'), node.timeFrame())],
    ['card', `${text(tx, 'card-type')} ${text(tx, 'card')}`.trim()],
    ['invoice', text(tx, 'invoice')],
    ['authorization code', text(tx, 'authorization-code')],
    ['batch', text(tx, 'batch-string-id')],
  ]),
  vars: ({ record }) => ITEM_VARS.cardTransaction(record),
};

const cardToken: ItemRow<GatewayRecord> = {
  key: (token) => text(token, 'token-id'),
  label: (token) => cardTokenLabel(token),
  description: (token) => (text(token, 'status') === 'Active' ? undefined : text(token, 'status')),
  icon: () => icon('key'),
  contextValue: () => 'gw.item.cardToken',
  click: (token, node) => ({
    command: operationCommandId('tokens.get'),
    title: 'Open card token',
    arguments: [{ environmentName: node.environmentName, vars: { tokenId: text(token, 'token-id') } }],
  }),
  tooltip: (token, node) => recordTooltip(`Card token ${text(token, 'token-id')}`, [
    ['status', `${text(token, 'status')} ${text(token, 'token-status')}`.trim()],
    ['updated', displayGatewayTime(text(token, 'updated'), node.timeFrame())],
    ['times used', text(token, 'times-used')],
    ['default', text(token, 'default')],
  ]),
  vars: (token) => ITEM_VARS.cardToken(token),
};

const achTransaction: ItemRow<GatewayRecord> = {
  key: (tx) => text(tx, 'id'),
  label: (tx) => achTransactionLabel(tx),
  description: (tx, node) => achTransactionDescription(tx, node.timeFrame()),
  icon: (tx) => {
    const [id, color] = ACH_STATUS_ICONS[text(tx, 'status')] ?? ['question'];
    return icon(id, color);
  },
  contextValue: (tx) => achTransactionContext(tx),
  // A click opens the transaction as the gateway has it now.
  click: (tx, node) => ({
    command: operationCommandId('achTransactions.get'),
    title: 'Open ACH transaction',
    arguments: [{ environmentName: node.environmentName, vars: { id: text(tx, 'id') } }],
  }),
  tooltip: (tx, node) => recordTooltip(`ACH transaction ${text(tx, 'id')}`, [
    ['status', text(tx, 'status')],
    ['created', displayGatewayTime(text(tx, 'created'), node.timeFrame())],
    ['SEC code', text(tx, 'standard-entry-class-code')],
    ['provider', text(tx, 'provider')],
    ['account', `${text(tx, 'account-type')} ···${text(tx, 'account-number').slice(-4)}`],
    ['trace number', text(tx, 'trace-number')],
    ['returned', `${text(tx, 'returned-code')} ${text(tx, 'returned-message')}`.trim()],
    ['invoice', text(tx, 'invoice')],
  ]),
  vars: (tx) => ITEM_VARS.achTransaction(tx),
};

const openBatch: ItemRow<GatewayRecord> = {
  key: () => 'open',
  label: (batch) => `Open batch ${text(batch, 'id')}`.trim(),
  description: (batch) => batchDescription(batch),
  icon: () => icon('package'),
  contextValue: () => 'gw.item.batch.open',
  tooltip: (batch, node) => recordTooltip(`Open batch ${text(batch, 'id')}`, [
    ['opened', displayGatewayTime(text(batch, 'date-opened'), node.timeFrame())],
    ['terminal', `${text(batch, 'terminal-name')} ${text(batch, 'terminal-id')}`.trim()],
    ['transactions', text(batch, 'total-count')],
  ]),
};

const achSecCode: ItemRow<string> = {
  key: (code) => code,
  label: (code) => code,
  icon: () => icon('symbol-constant'),
  contextValue: () => 'gw.item.achProvider.secCode',
  vars: (code) => ({ secCode: code, 'sec-code': code }),
};

const secCodesOf = (provider: GatewayRecord) => textsAt(provider, ['sec-codes', 'sec-code']);

const achProvider: ItemRow<GatewayRecord> = {
  key: (provider) => text(provider, 'account-id') || text(provider, 'name'),
  label: (provider) => text(provider, 'name'),
  description: (provider) => {
    const alpha = text(provider, 'is-alpha') === 'true' ? 'alpha' : '';
    return [secCodesOf(provider).join(', '), alpha, text(provider, 'status')].filter(Boolean).join(' · ');
  },
  icon: () => icon('organization'),
  contextValue: () => 'gw.item.achProvider',
  children: (provider, node) => secCodesOf(provider).map((code) => recordNode(node, achSecCode, code)),
};

/** How a remembered resource looks, and the read its click runs (as a transaction's or token's does). */
interface KnownResourceLook { icon: string; contextValue: string; read: string; title: string; vars(id: string): Record<string, string> }

// Resources the gateway cannot list, remembered per environment (KnownResourceStore). A click
// opens the resource as the gateway has it now.
const knownResource = (look: KnownResourceLook): ItemRow<KnownResource> => ({
  key: (r) => r.id,
  label: (r) => r.label || r.id,
  description: (r) => (r.label && r.label !== r.id ? r.id : undefined),
  icon: () => icon(look.icon),
  contextValue: () => look.contextValue,
  click: (r, node) => ({
    command: operationCommandId(look.read),
    title: look.title,
    arguments: [{ environmentName: node.environmentName, vars: look.vars(r.id) }],
  }),
  vars: (r) => look.vars(r.id),
});

export const KNOWN_RESOURCE_ROWS: Readonly<Record<KnownResourceKind, ItemRow<KnownResource>>> = {
  'ach-token': knownResource({
    icon: 'lock', contextValue: 'gw.item.achToken', read: 'achTokens.get', title: 'Open ACH token', vars: (id) => ({ tokenId: id, 'token-id': id }),
  }),
  merchant: knownResource({
    icon: 'person', contextValue: 'gw.item.merchant', read: 'merchants.get', title: 'Open merchant', vars: (id) => ({ merchantNumber: id }),
  }),
};

// A click opens the group's current settings (its GET through the runner); the menu offers its writes.
const settingsGroup: ItemRow<SettingsGroup> = {
  key: (settings) => settings.key,
  label: (settings) => settings.title,
  description: (settings) => settings.path.replace(/^\/rest\/v2\/settings\//, ''),
  icon: () => icon('settings'),
  contextValue: (settings) => `gw.item.settings.${settings.key}`,
  tooltip: (settings) => `${settings.read.method} ${settings.path}: click to open the current settings`,
  click: (_settings, node) => commandFor(COMMANDS.openSettingsGroup, node),
};

/** A document and the merchant it belongs to (the documents paths need both). */
interface DocumentData { record: GatewayRecord; merchantNumber: string }

// A document's click downloads it through the runner, whose presenter saves the PDF.
const document: ItemRow<DocumentData> = {
  key: ({ record }) => text(record, 'documentId'),
  label: ({ record }) => text(record, 'name') || text(record, 'fileName'),
  description: ({ record }) => text(record, 'period'),
  icon: () => icon('file-pdf'),
  contextValue: () => 'gw.item.document',
  tooltip: ({ record }) => `${text(record, 'fileName')}: click to download`,
  click: (_data, node) => commandFor(COMMANDS.openDocument, node),
  vars: ({ record, merchantNumber }) => ({ merchantNumber, documentId: text(record, 'documentId') }),
};

interface StatementMonthData { year: string; month: string; documents: GatewayRecord[]; merchantNumber: string }

const statementMonth: ItemRow<StatementMonthData> = {
  key: ({ month }) => month,
  label: ({ month }) => monthName(month),
  description: ({ year, month }) => `${year}-${month}`,
  icon: () => icon('calendar'),
  contextValue: () => 'gw.item.statementMonth',
  vars: ({ merchantNumber, year, month }) => ({ merchantNumber, year, month }),
  children: ({ documents, merchantNumber }, node) => documents.map((record) => recordNode(node, document, { record, merchantNumber })),
};

export const ITEM_ROWS = {
  cardTransaction, cardToken, achTransaction, openBatch, achProvider, achSecCode, settingsGroup, document, statementMonth,
} as const;
