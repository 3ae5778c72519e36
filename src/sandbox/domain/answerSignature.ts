// The HPP key pair and the signature on answers to requests that present its public half.
// Facts (docs/gateway-facts.md §8): every published HPP key is a 124-byte EC
// SubjectPublicKeyInfo in hex on brainpoolP384t1 (OID 1.3.36.3.3.2.8.1.1.12); the gateway signs
// the raw text of the answer's `payload` object with SHA384withECDSA and sends the DER
// signature in hex as `signature`, next to `payload` (Clearent-Gateway/HPPSignatureVerification,
// ECDSASignature.java: Hex.decodeHex then Signature.verify). docs/sandbox.md has the evidence.

import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

export const HPP_CURVE = 'brainpoolP384t1';

/** The sandbox's HPP key pair as stored with its keys: DER in hex (SPKI public, PKCS#8 private). */
export interface HppKeyPair {
  /** What `hpp-public-key` serves and SDKs are given. */
  publicKey: string;
  /** Never in an answer or a log: only in the data file, beside the api-key. */
  privateKey: string;
}

export function generateHppKeyPair(): HppKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: HPP_CURVE });
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('hex'),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('hex'),
  };
}

// Parsing a DER key costs more than signing's hash: one KeyObject per stored key.
let cached: { hex: string; key: KeyObject } | undefined;

function privateKeyOf(pair: HppKeyPair): KeyObject {
  if (cached?.hex !== pair.privateKey) cached = { hex: pair.privateKey, key: createPrivateKey({ key: Buffer.from(pair.privateKey, 'hex'), format: 'der', type: 'pkcs8' }) };
  return cached.key;
}

/** SHA384withECDSA over `payloadText` as UTF-8: the DER signature in lower-case hex. */
export function signPayloadText(pair: HppKeyPair, payloadText: string): string {
  return sign('sha384', Buffer.from(payloadText, 'utf8'), privateKeyOf(pair)).toString('hex');
}

/** True when `hex` is a public key the pair could have made (the sandbox's own, in any letter case). */
export function isHppPublicKey(pair: HppKeyPair, hex: string): boolean {
  return hex.length === pair.publicKey.length && hex.toLowerCase() === pair.publicKey;
}

/** Whether a stored key pair still parses (a hand-edited data file may hold anything). */
export function usableHppKeyPair(value: unknown): value is HppKeyPair {
  if (typeof value !== 'object' || value === null) return false;
  const { publicKey, privateKey } = value as Partial<HppKeyPair>;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string') return false;
  try {
    const pub = createPublicKey({ key: Buffer.from(publicKey, 'hex'), format: 'der', type: 'spki' });
    const derived = createPublicKey(createPrivateKey({ key: Buffer.from(privateKey, 'hex'), format: 'der', type: 'pkcs8' }));
    return pub.asymmetricKeyDetails?.namedCurve === HPP_CURVE && pub.equals(derived);
  } catch {
    return false;
  }
}

/**
 * A gateway JSON envelope's text with `payload` written once and signed as written, then
 * `signature` after it: a client verifies the exact bytes between `"payload":` and `,"signature"`.
 */
export function signedEnvelopeText(envelope: Record<string, unknown>, payload: Record<string, unknown>, pair: HppKeyPair): string {
  const head = JSON.stringify(envelope);
  const payloadText = JSON.stringify(payload);
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"payload":${payloadText},"signature":${JSON.stringify(signPayloadText(pair, payloadText))}}`;
}
