import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { connect, type ConnectionOptions } from 'node:tls';
import { message } from '@pharma/domain';
import { Agent, type buildConnector } from 'undici';

/**
 * The NMVS client certificate on the wire (decision 0081, "Client certificate"): an undici Agent that
 * presents it in every TLS handshake, handed to fetch as its dispatcher, one per certificate (its
 * connections kept alive between requests); and a failed handshake told apart from a network failure,
 * since one cannot succeed when sent again and the other may.
 */

/** A certificate as the client presents it, PEM: the chain, its key, the CAs trusted for the server (null: the public ones). */
export interface PresentedCertificate {
  chain: string;
  privateKey: string;
  serverCa: string | null;
}

/** A handshake that failed once the TCP connection was made: the server refused the certificate, or the client the server's. */
class HandshakeFailed extends Error {
  constructor(readonly reason: Error & { code?: string }) {
    super(reason.message, { cause: reason });
    this.name = 'HandshakeFailed';
  }
}

/** X.509 verification codes of the server's certificate (Node's tls errors): the client refused it. */
const UNTRUSTED_SERVER = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Agents by certificate; a certificate replaced leaves its agent, closed once this many newer ones are made. */
const KEPT_AGENTS = 16;
const agents = new Map<string, Agent>();

/** The dispatcher that presents the certificate. */
export function dispatcherFor(certificate: PresentedCertificate): Agent {
  const id = createHash('sha256')
    .update(JSON.stringify([certificate.chain, certificate.privateKey, certificate.serverCa]))
    .digest('hex');
  let agent = agents.get(id);
  if (!agent) {
    agent = new Agent({ connect: presenting(certificate) });
    agents.set(id, agent);
    const [oldest] = agents;
    if (agents.size > KEPT_AGENTS && oldest) {
      agents.delete(oldest[0]);
      void oldest[1].close();
    }
  }
  return agent;
}

/**
 * TLS 1.2 at most: there the server checks the client certificate inside the handshake, so a refusal ends
 * the handshake (an alert, or the connection closed before it completes) and is known as one. In TLS 1.3
 * the client has finished its handshake before the server checks the certificate; a refusal then reaches
 * fetch as a connection closed after the request was written, which a server going away mid-request
 * looks like too, and is sent again for ever.
 */
function presenting(certificate: PresentedCertificate): buildConnector.connector {
  const options: ConnectionOptions = {
    cert: certificate.chain,
    key: certificate.privateKey,
    ...(certificate.serverCa === null ? {} : { ca: certificate.serverCa }),
    maxVersion: 'TLSv1.2',
    ALPNProtocols: ['http/1.1'],
  };
  return ({ hostname, port, servername }, callback) => {
    let connected = false;
    let settled = false;
    const socket = connect({
      ...options,
      host: hostname,
      port: Number(port) || 443,
      // RFC 6066: a name, never an address, in server_name.
      ...(isIP(hostname) ? {} : { servername: servername || hostname }),
    });
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      callback(connected ? new HandshakeFailed(error) : error, null);
    };
    socket.setNoDelay(true);
    socket.once('connect', () => (connected = true));
    socket.on('error', fail);
    socket.once('secureConnect', () => {
      // From here the socket's errors are undici's to handle.
      socket.off('error', fail);
      settled = true;
      callback(null, socket);
    });
  };
}

/**
 * The detail of an exchange that failed in the TLS handshake, which cannot succeed as sent: refused by the
 * system (an alert, or the connection closed in the handshake) or its certificate refused here; undefined
 * for any other failure.
 */
export function handshakeFailure(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause instanceof HandshakeFailed ? cause.reason : (cause as { code?: unknown })).code;
    if (typeof code === 'string' && UNTRUSTED_SERVER.has(code)) return message('VERIFICATION_DETAIL_TLS_UNTRUSTED', { cause: code });
    if (cause instanceof HandshakeFailed || (typeof code === 'string' && code.startsWith('ERR_SSL_')))
      return message('VERIFICATION_DETAIL_TLS_REFUSED', { cause: typeof code === 'string' ? code : cause.message });
  }
  return undefined;
}
