import type { Kysely } from 'kysely';

// Frozen in time. The NMVS client certificate (issue 28, decision 0081 "Client certificate"), on a
// warehouse's verification setting; all three null when it has none:
// - client_certificate: the certificate and the CAs that issued it, PEM (public: its certificates as read);
// - client_key_sealed: its private key, PEM, sealed with AES-256-GCM as the secret is (never stored in clear);
// - server_ca: the CAs trusted for the system's server certificate, PEM; null: the public CAs.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['client_certificate', 'client_key_sealed', 'server_ca']) {
    await db.schema.alterTable('verification_settings').addColumn(column, 'text').execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('The NMVS client certificate migration is not reversible.');
}
