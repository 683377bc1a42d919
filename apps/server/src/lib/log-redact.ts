import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential: the refresh token (the spec's GET /api/refreshToken) and the SSO code. */
const SECRET_PARAMS = ['refresh_token', 'access_token', 'token', 'code'];
const SECRET_IN_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** The URL with every credential in its query string replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_IN_QUERY, '$1[REDACTED]');
}

/**
 * How a request is logged: Fastify's default fields, with the URL's credentials redacted. Headers
 * are not logged (pino's `redact` hides authorization and cookie should a log line add them).
 */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
