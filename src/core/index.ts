// The core's public face: plain Node, no vscode.
export * from './environments/environment';
export { GatewayClient, DEFAULT_MAX_BODY_BYTES, type GatewayClientOptions, type SendRequest, type RawRequest, type RetryWaitListener } from './http/client';
export { GatewayError, isGatewayError, type GatewayErrorKind } from './http/gatewayErrors';
export { buildRequest, type BuildInput, type BuiltRequest, type ParamValue } from './http/requestBuilder';
export { authHeadersFor, surfaceOfPath } from './protection/authBinding';
export { DispatcherRegistry, DEFAULT_TIMEOUTS, type Timeouts } from './http/dispatchers';
export { DEFAULT_RETRY_POLICY, parseRetryAfter, backoffDelay, decideRetry, type RetryPolicy, type RetryWait } from './http/retryPolicy';
export { parseXml, parseJson, prettyXml, prettyJson, buildXml, positionOf, type CodecError, type CodecResult } from './codecs/codecs';
export { describeResult, envelopeFields, formatOf, type GatewayResult, type ResultFormat } from './answers/result';
export { explainStatus, retryWaitText } from './http/statusAdvice';
export { redact, redactValue, maskPan, maskAccount, REDACTED } from './protection/redaction';
export { checks, luhnValid, abaValid, isAmount, cardBrand } from './checks/inputChecks';
