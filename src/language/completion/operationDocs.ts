// Markdown that explains an operation or a field, shared by completion items and hover.

import type { FieldSpec, Operation, ParamSpec } from '../../catalog/types';
import { SAFETY_WORDING } from '../../catalog/safety';

/** "moves money"; "deletes data on the gateway (cannot be undone from here)". */
function safetyText(op: Operation): string {
  const { does, caution } = SAFETY_WORDING[op.safety];
  return caution ? `${does} (${caution})` : does;
}

const AUTH: Readonly<Record<Operation['auth'], string>> = {
  'api-key': '`api-key` header (added at send time)',
  'access-key': '`AccessKey` + `MerchantId` headers (added at send time)',
};

const FORMAT: Readonly<Record<string, string>> = { json: 'JSON', xml: 'XML', none: 'none', pdf: 'PDF' };

/** Boarding calls need `MerchantId` only where the path carries a merchant number (it must name it). */
function authText(op: Operation): string {
  if (op.auth === 'access-key' && !op.path.includes('{merchantNumber}')) return '`AccessKey` header (added at send time); no `MerchantId` needed';
  return AUTH[op.auth];
}

export function operationMarkdown(op: Operation): string {
  const body = op.bodyFormat === 'none' ? 'none' : op.acceptedBodyFormats.map((f) => FORMAT[f]).join(' or ') + (op.xmlRoot ? ` (XML root \`<${op.xmlRoot}>\`)` : '');
  const lines = [
    `**${op.title}** \`${op.id}\`${op.deprecated ? ' — **deprecated**' : ''}`,
    '',
    op.doc,
    '',
    `- \`${op.method} ${op.path}\``,
    `- Safety: ${safetyText(op)}`,
    `- Body: ${body}`,
    `- Response: ${FORMAT[op.responseFormat]}, success ${op.successStatuses.join(' or ')}`,
    `- Auth: ${authText(op)}`,
  ];
  return lines.join('\n');
}

export function fieldKindText(spec: Pick<FieldSpec, 'type' | 'required' | 'check'>): string {
  return `${spec.required ? 'required' : 'optional'} ${spec.type}${spec.check ? ` (check: ${spec.check})` : ''}`;
}

export function fieldMarkdown(spec: FieldSpec | ParamSpec, where?: string): string {
  const lines = [`**${spec.name}** — ${fieldKindText(spec)}${where ? ` · ${where}` : ''}`, '', spec.doc];
  if (spec.values && spec.values.length > 0) lines.push('', `Allowed values: ${spec.values.map((v) => `\`${v}\``).join(', ')}`);
  if ('fields' in spec && spec.fields && spec.fields.length > 0) {
    lines.push('', `Fields: ${spec.fields.map((f) => `\`${f.name}\`${f.required ? ' (required)' : ''}`).join(', ')}`);
  }
  return lines.join('\n');
}
