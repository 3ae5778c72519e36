// The core's public face: plain Node, no vscode.
export * from './environment';
export { GatewayClient, DEFAULT_MAX_BODY_BYTES, type GatewayClientOptions, type SendRequest, type RawRequest, type RetryWaitListener } from './client';
export { GatewayError, isGatewayError, type GatewayErrorKind } from './gatewayErrors';
export { buildRequest, type BuildInput, type BuiltRequest, type ParamValue } from './requestBuilder';
export { authHeadersFor, surfaceOfPath } from './authBinding';
export { DispatcherRegistry, DEFAULT_TIMEOUTS, type Timeouts } from './dispatchers';
export { DEFAULT_RETRY_POLICY, parseRetryAfter, backoffDelay, decideRetry, type RetryPolicy, type RetryWait } from './retryPolicy';
export { parseXml, parseJson, prettyXml, prettyJson, buildXml, positionOf, type CodecError, type CodecResult } from './codecs';
export { describeResult, envelopeFields, formatOf, type GatewayResult, type ResultFormat } from './result';
export { explainStatus, retryWaitText } from './statusAdvice';
export { redact, redactValue, maskPan, maskAccount, REDACTED } from './redaction';
export { checks, luhnValid, abaValid, isAmount, cardBrand } from './inputChecks';
