// Receipts, signatures and reader configuration (issue 33), as the gateway's iOS SDK and Android
// demo call them after a sale: an e-mail receipt and the cardholder's signature belong to a card
// transaction (404 for one the sandbox never made) and show as links of that transaction's
// search answer; a card reader's EMV configuration is answered to the HPP public key. Evidence
// and decisions: docs/sandbox.md "Receipts, signatures and reader configuration".

import { createHash } from 'node:crypto';
import { checks } from '../../core/checks/inputChecks';
import { ErrorAnswer, type Handler, type LinkRef } from '../domain/domain';
import { emptyTable } from '../domain/state';
import { fieldError, optionalString, VALIDATION_ERROR, type Body } from '../http/bodyFields';
import type { CardsSlice } from '../cardTransactions/cardState';
import { transactionLink } from '../cardTransactions/transactionView';
import type { SettingsSlice } from '../settings/settingsState';
import { requirePublicKey } from './hppKey';
import type { MobileSlice } from './mobileState';

/** A transaction id as the clients send it: a JSON number (iOS) or a string of digits (Android). */
function transactionIdField(body: Body, field: string): string {
  const v = body?.[field];
  if (v === undefined || v === null || v === '') throw new ErrorAnswer(400, VALIDATION_ERROR, `Validation error: ${field} is required.`);
  const text = typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? String(v) : typeof v === 'string' ? v.trim() : undefined;
  if (text === undefined || !/^\d{1,18}$/.test(text)) throw fieldError(field, 'must be a transaction id: a number, e.g. 100001');
  return text;
}

/** The card transaction a receipt or signature is for: 404 when the sandbox never made it. */
function requireTransaction(cards: CardsSlice, id: string): void {
  if (!Object.hasOwn(cards.transactions, id)) {
    throw new ErrorAnswer(404, '027', `Transaction not found: no card transaction with id ${id}. Search with GET /rest/v2/transactions to find its id.`);
  }
}

export const receipt: Handler<MobileSlice> = (req, ctx) => {
  const body = req.body;
  if (!body) throw new ErrorAnswer(400, VALIDATION_ERROR, 'Validation error: send a body with id and email-address.');
  const transactionId = transactionIdField(body, 'id');
  const emailAddress = optionalString(body, 'email-address');
  if (!emailAddress) throw new ErrorAnswer(400, VALIDATION_ERROR, 'Validation error: email-address is required.');
  const bad = checks.email(emailAddress);
  if (bad) throw fieldError('email-address', `is ${bad}`);
  requireTransaction(ctx.peer<CardsSlice>('cards'), transactionId);
  const id = String(ctx.ids.next('mobile.receipt', 1));
  const created = ctx.clock.now().toISOString();
  (ctx.slice.receipts ??= emptyTable())[id] = { transactionId, emailAddress, created };
  return {
    status: 200, payloadType: 'receipt',
    payload: { receipt: { id, 'transaction-id': transactionId, 'email-address': emailAddress, created } },
    links: [transactionLink(transactionId)],
  };
};

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export const signature: Handler<MobileSlice> = (req, ctx) => {
  const body = req.body;
  if (!body) throw new ErrorAnswer(400, VALIDATION_ERROR, 'Validation error: send a body with transaction-id and base-64-image.');
  const raw = body['transaction-id'];
  if (typeof raw === 'string' && raw !== '' && !/^\d+$/.test(raw)) throw fieldError('transaction-id', 'must be a number, the id of the signed transaction');
  const transactionId = transactionIdField(body, 'transaction-id');
  const image = optionalString(body, 'base-64-image');
  if (!image) throw new ErrorAnswer(400, VALIDATION_ERROR, 'Validation error: base-64-image is required.');
  const compact = image.replace(/\s+/g, '');
  const bytes = BASE64.test(compact) && compact.length % 4 === 0 ? Buffer.from(compact, 'base64') : undefined;
  if (!bytes || bytes.length === 0) throw fieldError('base-64-image', 'is not base64: send the signature image (PNG or JPEG) encoded with base64');
  const created = optionalString(body, 'created');
  requireTransaction(ctx.peer<CardsSlice>('cards'), transactionId);
  const id = String(ctx.ids.next('mobile.signature', 1));
  const received = ctx.clock.now().toISOString();
  (ctx.slice.signatures ??= emptyTable())[transactionId] = {
    id, created: created ?? received, received, imageBytes: bytes.length, imageSha256: createHash('sha256').update(bytes).digest('hex'),
  };
  return {
    status: 200, payloadType: 'signature',
    payload: { signature: { id, 'transaction-id': transactionId, created: created ?? received, 'image-bytes': bytes.length } },
    links: [{ rel: 'signature', href: '/rest/v2/signature', id }, transactionLink(transactionId)],
  };
};

/** The receipts and signature of a card transaction, as links of its search answer. */
export function receiptLinks(mobile: MobileSlice | undefined, transactionId: string): LinkRef[] {
  if (!mobile) return [];
  const links: LinkRef[] = [];
  for (const [id, r] of Object.entries(mobile.receipts ?? {})) {
    if (r.transactionId === transactionId) links.push({ rel: 'receipt', href: '/rest/v2/receipts', id });
  }
  const sig = mobile.signatures?.[transactionId];
  if (sig) links.push({ rel: 'signature', href: '/rest/v2/signature', id: sig.id });
  return links;
}

// Reader configuration: the same sandbox AIDs and CA public keys for every reader, in the shape
// the SDKs load (ClearentConfiguration needs contact-aids and ca-public-keys).

const AIDS: ReadonlyArray<{ name: string; label: string }> = [
  { name: 'a0000000031010', label: 'Visa credit/debit' },
  { name: 'a0000000041010', label: 'Mastercard' },
  { name: 'a000000025010801', label: 'American Express' },
  { name: 'a0000001523010', label: 'Discover' },
];

function aidValues(name: string, contactless: boolean): Record<string, string> {
  return {
    '9F06': name.toUpperCase(), '9F09': '0002', '9F1A': '0840', '5F2A': '0840', '9F15': '5999', '9F1B': '00000000',
    DF13: 'FC60242800', DF14: '0010000000', DF15: '30E09CF800', DF17: '00000000', DF18: '99', DF19: '99',
    DF25: contactless ? '9F3704' : '02', '5F36': contactless ? '02' : '9F3704', DFEE15: '01',
  };
}

/** A sandbox CA public key: a fixed modulus per name, its EMV check value SHA-1(RID ‖ index ‖ modulus ‖ exponent). */
function caPublicKey(name: string, rid: string, keyIndex: string, bits: number): Record<string, string> {
  const bytes = bits / 8;
  let modulus = '';
  for (let i = 0; modulus.length < bytes * 2; i++) modulus += createHash('sha256').update(`${name}:${i}`).digest('hex');
  modulus = `C${modulus.slice(1, bytes * 2)}`.toUpperCase();
  const exponent = '03';
  const hashValue = createHash('sha1').update(Buffer.from(rid + keyIndex + modulus + exponent, 'hex')).digest('hex').toUpperCase();
  // big-endian-modulus-length as the published answers write it: 144 bytes is "9000".
  const length = Buffer.alloc(2);
  length.writeUInt16LE(bytes);
  return {
    name, rid, 'key-index': keyIndex, 'hash-algorithm': '01', 'encryption-algorithm': '01', 'hash-value': hashValue,
    'key-exponent': '00000003', modulus, 'big-endian-modulus-length': length.toString('hex').toUpperCase(),
  };
}

const CA_KEYS = [
  caPublicKey('SandboxVisa1408', 'A000000003', '99', 1408),
  caPublicKey('SandboxMastercard1408', 'A000000004', 'F1', 1408),
  caPublicKey('SandboxAmex1408', 'A000000025', 'C9', 1408),
  caPublicKey('SandboxDiscover1152', 'A000000152', '5B', 1152),
];

export const readerConfiguration: Handler<MobileSlice> = (req, ctx) => {
  requirePublicKey(ctx.peer<SettingsSlice>('settings'), req);
  const serial = req.params.serial ?? '';
  const kernel = req.params.kernel ?? '';
  if (!/^[A-Za-z0-9]{1,10}$/.test(serial)) throw fieldError('serial', 'must be the reader\'s serial number: 1 to 10 letters or digits (the SDK sends its first 10 characters)');
  if (kernel.trim() === '') throw fieldError('kernel', 'must be the reader\'s kernel version, e.g. "EMV Common L2 V1.10"');
  return {
    status: 200, payloadType: 'mobile-device',
    payload: {
      'mobile-device': {
        'device-serial-number': serial, 'kernel-version': kernel, manufacturer: 'IDTech', isEnabled: true,
        'contact-aids': AIDS.map(a => ({ name: a.name, 'aid-values': aidValues(a.name, false) })),
        'contactless-aids': AIDS.map((a, group) => ({ name: a.name, group, 'aid-values': aidValues(a.name, true) })),
        'ca-public-keys': CA_KEYS,
      },
    },
    links: [{ rel: 'self', href: `/rest/v2/mobile/devices/${serial}/${encodeURIComponent(kernel)}`, id: serial }],
  };
};
