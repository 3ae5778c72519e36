// The sandbox's ACH providers. Clearent routes ACH through partner providers (Paya, DCS);
// one of them is the "alpha" provider, the only one that accepts reversals.

import { ErrorAnswer, type Handler, type Answer } from '../domain/domain';
import { ACH_RESULT } from './achErrors';

export const SEC_CODES: readonly string[] = ['PPD', 'CCD', 'WEB', 'TEL'];

interface AchProvider {
  accountId: string;
  name: string;
  alpha: boolean;
  secCodes: readonly string[];
}

export const ACH_PROVIDERS: readonly AchProvider[] = [
  { accountId: '700001', name: 'Paya', alpha: true, secCodes: ['PPD', 'CCD', 'WEB'] },
  { accountId: '700002', name: 'DCS', alpha: false, secCodes: ['PPD', 'CCD', 'TEL'] },
];

export const ALPHA_PROVIDER: AchProvider = ACH_PROVIDERS.find((p) => p.alpha) as AchProvider;

/** A transaction goes to the alpha provider when it takes the SEC code, else to the first that does. */
export function providerForSecCode(secCode: string): AchProvider | undefined {
  if (ALPHA_PROVIDER.secCodes.includes(secCode)) return ALPHA_PROVIDER;
  return ACH_PROVIDERS.find((p) => p.secCodes.includes(secCode));
}

function providerWire(p: AchProvider): Record<string, unknown> {
  return {
    'account-id': p.accountId,
    name: p.name,
    'is-alpha': String(p.alpha),
    status: 'Active',
    'sec-codes': { 'sec-code': [...p.secCodes] },
  };
}

const list: Handler<unknown> = () => ({
  status: 200,
  payloadType: 'ach-providers',
  payload: { 'ach-providers': { 'ach-provider': ACH_PROVIDERS.map(providerWire) } },
});

function requireSecCode(name: string, sent: string): string {
  const secCode = sent.toUpperCase();
  if (!SEC_CODES.includes(secCode)) {
    throw new ErrorAnswer(400, ACH_RESULT.fieldInvalid, `${name} "${sent}" is not a SEC code; use one of ${SEC_CODES.join(', ')}.`);
  }
  return secCode;
}

const getBySecCode: Handler<unknown> = (req) => {
  const secCode = requireSecCode('secCode', req.params.secCode ?? '');
  if (!ALPHA_PROVIDER.secCodes.includes(secCode)) {
    throw new ErrorAnswer(
      404,
      ACH_RESULT.notFound,
      `The alpha provider (${ALPHA_PROVIDER.name}) does not process ${secCode} entries; ` +
        `it takes ${ALPHA_PROVIDER.secCodes.join(', ')}. List all providers with GET /rest/v2/ach/providers.`,
    );
  }
  return { status: 200, payloadType: 'ach-provider', payload: { 'ach-provider': providerWire(ALPHA_PROVIDER) } };
};

const SUCCESSOR = '/rest/v2/ach/providers';

/**
 * The old single-provider lookup: the provider that takes `sec-code` (the alpha provider when
 * no code is given). It still answers, and says it is deprecated (RFC 9745 / RFC 8288 headers).
 */
const legacyLookup: Handler<unknown> = (req): Answer => {
  const sent = req.query.get('sec-code');
  const provider = sent ? providerForSecCode(requireSecCode('sec-code', sent)) : ALPHA_PROVIDER;
  if (!provider) throw new ErrorAnswer(404, ACH_RESULT.notFound, `No ACH provider takes ${sent} entries.`);
  return {
    status: 200,
    payloadType: 'ach-provider',
    payload: { 'ach-provider': providerWire(provider) },
    headers: { Deprecation: 'true', Link: `<${SUCCESSOR}>; rel="successor-version"` },
  };
};

export const providerHandlers: Record<string, Handler<unknown>> = {
  'achProviders.list': list,
  'achProviders.getBySecCode': getBySecCode,
  'achProviders.legacyLookup': legacyLookup,
};
