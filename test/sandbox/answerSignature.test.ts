// The signer other sandbox paths reuse (the mobile-jwt answers): checked against the gateway's own
// published test vector, so "hex DER SHA384withECDSA over the text, hex SPKI key" is what the
// published verifiers accept, not only what Node accepts from itself.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { generateHppKeyPair, HPP_CURVE, isHppPublicKey, signedEnvelopeText, signPayloadText, usableHppKeyPair } from '../../src/sandbox/domain/answerSignature';

// Clearent-Gateway/HPPSignatureVerification@07069da6a202a8ab771605c0165e9fa7f2bbdab8:
// src/test/java/com/clearent/hpp/signature/example/ECDSASignatureTest.java (a published test vector).
const PUBLISHED = {
  publicKey: '307a301406072a8648ce3d020106092b240303020801010c0362000461ce4bbdb546b4080503d04cf04d43bf542fb19f676dd9e2473a76b31af96509c514932cf5f256eec76a957d2d9bd16d668910e27508dcf04f8ac72dc8ff653b2084668068656e5184d454c39c7cb5c1b215e1179e9759eac864df4fc781f466',
  message: 'This is a test.',
  signature: '30650231008418584a5bb66f0875d473deb713d948de9e517c0423b404ea6fcae87d5cb5027d152262167eb2ce6dec8bd53d53ddf90230601533990bfe23cc2849cfd75f54ef0284c2dfafa4abc4b6c5f9f056236d44a144e1233eabb233a27dacfe3632ad6194',
};

const spki = (hex: string) => createPublicKey({ key: Buffer.from(hex, 'hex'), format: 'der', type: 'spki' });

describe('answer signature', () => {
  it('reads the published key and vector the way the gateway\'s verifier does (brainpoolP384t1, sha384, hex DER)', () => {
    const key = spki(PUBLISHED.publicKey);
    assert.equal(key.asymmetricKeyDetails?.namedCurve, HPP_CURVE);
    assert.ok(verify('sha384', Buffer.from(PUBLISHED.message), key, Buffer.from(PUBLISHED.signature, 'hex')));
    assert.equal(verify('sha384', Buffer.from('Not the same message'), key, Buffer.from(PUBLISHED.signature, 'hex')), false);
  });

  it('makes keys shaped like the published one and signatures the same verification accepts', () => {
    const pair = generateHppKeyPair();
    assert.equal(pair.publicKey.length, PUBLISHED.publicKey.length);
    assert.equal(pair.publicKey.slice(0, 54), PUBLISHED.publicKey.slice(0, 54), 'same SPKI header: id-ecPublicKey, 1.3.36.3.3.2.8.1.1.12, uncompressed point');
    const signature = signPayloadText(pair, PUBLISHED.message);
    assert.match(signature, /^30[0-9a-f]+$/);
    assert.ok(verify('sha384', Buffer.from(PUBLISHED.message), spki(pair.publicKey), Buffer.from(signature, 'hex')));
  });

  it('signs the payload text exactly as it stands in the envelope', () => {
    const pair = generateHppKeyPair();
    const text = signedEnvelopeText({ code: '200', status: 'success' }, { payloadType: 'transaction', transaction: { amount: '4.50', note: 'é "q"' } }, pair);
    const parsed = JSON.parse(text);
    assert.deepEqual(Object.keys(parsed), ['code', 'status', 'payload', 'signature']);
    const payloadText = text.slice(text.indexOf('"payload":') + 10, text.lastIndexOf(',"signature"'));
    assert.ok(verify('sha384', Buffer.from(payloadText, 'utf8'), spki(pair.publicKey), Buffer.from(parsed.signature, 'hex')));
  });

  it('knows its own key in any letter case, and tells a stored pair that no longer parses or matches', () => {
    const pair = generateHppKeyPair();
    assert.ok(isHppPublicKey(pair, pair.publicKey.toUpperCase()));
    assert.equal(isHppPublicKey(pair, PUBLISHED.publicKey), false);
    assert.ok(usableHppKeyPair(pair));
    assert.equal(usableHppKeyPair(undefined), false);
    assert.equal(usableHppKeyPair({ publicKey: 'abc', privateKey: pair.privateKey }), false);
    assert.equal(usableHppKeyPair({ publicKey: generateHppKeyPair().publicKey, privateKey: pair.privateKey }), false, 'halves of two pairs');
    const r1 = generateKeyPairSync('ec', { namedCurve: 'brainpoolP384r1' });
    assert.equal(usableHppKeyPair({
      publicKey: r1.publicKey.export({ type: 'spki', format: 'der' }).toString('hex'),
      privateKey: r1.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('hex'),
    }), false, 'r1 is not the published curve');
  });
});
