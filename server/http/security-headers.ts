import helmet from '@fastify/helmet';
import Fastify from 'fastify';

const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:', 'data:'],
      frameAncestors: ["'self'"],
      // Sent per request by the app, only to a browser that came over HTTPS.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // Over plain HTTP on a LAN (HOST=0.0.0.0) these would make the browser ask for the scripts over
  // https, and the app would render nothing; the app adds them for HTTPS requests only.
  strictTransportSecurity: false,
};

/** Headers of any answer that are Fastify's own, not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * What an API answer (JSON, an image or a download, never a page) needs, after OWASP's REST
 * Security Cheat Sheet: not to be framed, sniffed, run as a document or read by another site
 * (no-store comes with them in server/app.ts). The rest of helmet's set (opener and agent-cluster
 * policies, DNS prefetch, legacy IE and Flash switches, and a page's 300-character script policy)
 * only governs documents, and every API answer paid for writing and checking it.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Sent only to a browser that came over HTTPS (or always, behind a TLS proxy: HTTPS_HEADERS). */
const STRICT_TRANSPORT_SECURITY = 'max-age=15552000; includeSubDomains';

/**
 * A header set as an HTTPS request gets it: with HSTS, and with the policy telling the browser to
 * upgrade any plain-HTTP address it still finds. Over plain HTTP on a LAN both would make the
 * browser ask for the scripts over https, and the app would render nothing.
 */
export function overHttps(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const policy = headers['content-security-policy'];
  return Object.freeze({
    ...headers,
    ...(policy === undefined ? {} : { 'content-security-policy': `${policy};upgrade-insecure-requests` }),
    'strict-transport-security': STRICT_TRANSPORT_SECURITY,
  });
}

/**
 * The headers helmet sets on pages and files with our options, worked out once at start:
 * registered on the app, helmet rebuilds its middleware (the policy string included) on every
 * request. They do not depend on the request, so one probe answer gives them all.
 */
export async function pageSecurityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !NOT_HELMET.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}
