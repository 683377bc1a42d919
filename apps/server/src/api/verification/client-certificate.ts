import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { MessageCode } from '@pharma/domain';
import type { ClientCertificateSetting, ClientCertificateSummary } from '@pharma/domain/contract/verification';
import { AppError } from '../../lib/errors.ts';

/**
 * The NMVS client certificate checked on input (decision 0081, "Client certificate"), so a warehouse learns
 * of a wrong file when it sets it, not from a refused handshake at its first return scan: PEM certificates,
 * the first for client authentication and not expired nor any CA after it, each issued by the next, and
 * the private key the first certificate's. The NMVO hands the certificate as a PKCS#12 file; the README
 * says how to take the PEM parts out of it.
 */

/** The extended key usage of a TLS client certificate (RFC 5280 4.2.1.12, id-kp-clientAuth). */
const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const CERTIFICATE_PEM = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g;

/** A certificate as checked: its PEM parts as they will be stored and presented, the key in PKCS#8 PEM. */
export interface CheckedCertificate {
  chain: string;
  privateKey: string;
  serverCa: string | null;
  summary: ClientCertificateSummary;
}

/** The certificate, or a 400 naming what is wrong with it; `now` judges expiry. */
export function checkClientCertificate(setting: ClientCertificateSetting, now: Date): CheckedCertificate {
  const chain = readCertificates(setting.chain, 'VERIFICATION_CERTIFICATE_NOT_PEM');
  const serverCa = setting.serverCa === undefined ? [] : readCertificates(setting.serverCa, 'VERIFICATION_CERTIFICATE_CA_NOT_PEM');
  const leaf = chain[0]!;
  for (const certificate of chain) checkValidity(certificate, now);
  chain.slice(0, -1).forEach((certificate, index) => {
    if (!certificate.checkIssued(chain[index + 1]!))
      throw new AppError(400, 'VERIFICATION_CERTIFICATE_NOT_CHAIN', { subject: nameOf(certificate.subject) });
  });
  // A certificate that names its usages must name client authentication, or the gateway refuses it.
  if (leaf.keyUsage !== undefined && !leaf.keyUsage.includes(CLIENT_AUTH))
    throw new AppError(400, 'VERIFICATION_CERTIFICATE_NOT_CLIENT', { subject: nameOf(leaf.subject) });
  const key = readPrivateKey(setting.privateKey);
  if (!leaf.checkPrivateKey(key)) throw new AppError(400, 'VERIFICATION_CERTIFICATE_KEY_MISMATCH', { subject: nameOf(leaf.subject) });
  return {
    chain: chain.map((certificate) => certificate.toString()).join(''),
    privateKey: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    serverCa: serverCa.length === 0 ? null : serverCa.map((certificate) => certificate.toString()).join(''),
    summary: summaryOf(chain, serverCa),
  };
}

/** What the answer and the audit row say of a stored certificate: its PEM parts read again. */
export function summarise(chain: string, serverCa: string | null): ClientCertificateSummary {
  return summaryOf(certificatesOf(chain), serverCa === null ? [] : certificatesOf(serverCa));
}

function summaryOf(chain: X509Certificate[], serverCa: X509Certificate[]): ClientCertificateSummary {
  const leaf = chain[0]!;
  return {
    subject: nameOf(leaf.subject),
    issuer: nameOf(leaf.issuer),
    serialNumber: leaf.serialNumber,
    notAfter: new Date(leaf.validTo).toISOString(),
    serverCa: serverCa.map((certificate) => nameOf(certificate.subject)),
  };
}

/** Every certificate of a PEM text (text between them, such as openssl's "Bag Attributes", is passed over); none, or one that does not read, is a 400. */
function readCertificates(pem: string, refusal: MessageCode): X509Certificate[] {
  let certificates: X509Certificate[];
  try {
    certificates = certificatesOf(pem);
  } catch {
    throw new AppError(400, refusal);
  }
  if (certificates.length === 0) throw new AppError(400, refusal);
  return certificates;
}

function certificatesOf(pem: string): X509Certificate[] {
  return (pem.match(CERTIFICATE_PEM) ?? []).map((block) => new X509Certificate(block));
}

/** An unencrypted private key: an encrypted one would need its passphrase stored beside it, to no gain. */
function readPrivateKey(pem: string): KeyObject {
  try {
    return createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new AppError(400, 'VERIFICATION_CERTIFICATE_KEY_NOT_PEM');
  }
}

function checkValidity(certificate: X509Certificate, now: Date): void {
  const subject = nameOf(certificate.subject);
  const notAfter = new Date(certificate.validTo);
  const notBefore = new Date(certificate.validFrom);
  if (notAfter < now) throw new AppError(400, 'VERIFICATION_CERTIFICATE_EXPIRED', { subject, notAfter: notAfter.toISOString() });
  if (notBefore > now) throw new AppError(400, 'VERIFICATION_CERTIFICATE_NOT_YET_VALID', { subject, notBefore: notBefore.toISOString() });
}

/** 'CN=…, OU=…, O=…': a distinguished name on one line, most specific first. */
function nameOf(distinguishedName: string): string {
  return distinguishedName.split('\n').reverse().join(', ');
}
