import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { isGuardedPath } from './auth.ts';

/**
 * The Content-Security-Policy of the app (decision 0020): scripts only from our origin, never inline;
 * `'wasm-unsafe-eval'` lets the camera scanner compile zxing's WebAssembly (served from our assets),
 * nothing else is evaluated. Styles may be inline: Mantine writes its CSS variables and positions in
 * style attributes and a <style> element (no script runs from them).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** A year; sent only over TLS (a browser ignores it over plain HTTP, and a local http://localhost must stay usable). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The helmet middleware, built once: @fastify/helmet built it again for every request (its options
 * parsed, its CSP string joined), about 3.5% of a single-pack scan's main thread (decision 0091).
 */
const securityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  strictTransportSecurity: false,
  // The camera scanner's worker and wasm come from our origin; cross-origin isolation is not needed.
  crossOriginEmbedderPolicy: false,
});

/**
 * Security headers on every answer through helmet: the CSP above, nosniff, a strict referrer
 * policy, no framing. HSTS only when the request came over TLS: directly, or through a proxy the
 * server trusts (TRUST_PROXY=true, X-Forwarded-Proto: https), which also makes the session cookies Secure.
 * Every /api and /auth answer is `Cache-Control: no-store`: tokens and personal data are kept by no
 * browser or proxy cache (issue 26); the web app's files keep their own caching (plugins/web.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (e) => done(e as Error | undefined)));
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isGuardedPath(request.url)) reply.header('cache-control', 'no-store');
  });
}
