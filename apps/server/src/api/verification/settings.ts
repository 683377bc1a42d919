import type { ClientCertificateSummary, VerificationSetting, VerificationSystem } from '@pharma/domain/contract/verification';
import type { Db } from '../../db/database.ts';
import type { VerificationSettingsRow } from './verification.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { checkClientCertificate, summarise } from './client-certificate.ts';
import type { Connection } from './national-system.ts';
import { SecretBox } from './secret-box.ts';
import * as repo from './verification.repository.ts';

/**
 * A setting as the audit trail holds it: everything but the secret, of which only what happened to it, and
 * the client certificate's summary when there is one (never its key).
 */
export interface SettingAuditView {
  system: VerificationSystem;
  url: string;
  clientId: string | null;
  user: string | null;
  gln: string | null;
  secret: 'set' | 'unchanged' | 'removed' | 'none';
  certificate?: ClientCertificateSummary;
}

type StoredCertificate = Pick<VerificationSettingsRow, 'client_certificate' | 'client_key_sealed' | 'server_ca'>;
const NO_CERTIFICATE: StoredCertificate = { client_certificate: null, client_key_sealed: null, server_ca: null };

/** A warehouse's connection to its national system (issue 28): stored with its secret sealed, opened only to send. */
export class VerificationSettings {
  readonly #box: SecretBox;

  constructor(auditKey: Uint8Array) {
    this.#box = new SecretBox(auditKey);
  }

  /**
   * Sets (or with null removes) the warehouse's connection in the caller's transaction; answers what the
   * audit row says of it before and after. The secret: left out it stays, null removes it, a text is
   * sealed. The NMVS needs a password; the VRS a GLN to name the requester (the warehouse's own when none
   * is given). The NMVS client certificate likewise: left out it stays, null removes it, one given is
   * checked (400 naming what is wrong) and its key sealed; the VRS takes none.
   */
  async apply(
    trx: Db,
    actorId: string,
    warehouse: { warehouseNo: string; gln: string | null },
    setting: VerificationSetting | null,
  ): Promise<{ before: SettingAuditView | null; after: SettingAuditView | null }> {
    const stored = await repo.findSettings(trx, warehouse.warehouseNo);
    const before = stored ? auditView(stored, stored.secret_sealed === null ? 'none' : 'set') : null;
    if (setting === null) {
      if (stored) await repo.removeSettings(trx, warehouse.warehouseNo);
      return { before, after: null };
    }
    const sealed =
      setting.secret === undefined
        ? (stored?.secret_sealed ?? null)
        : setting.secret === null
          ? null
          : this.#box.seal(setting.secret, warehouse.warehouseNo);
    const secret = setting.secret === undefined ? 'unchanged' : setting.secret === null ? 'removed' : 'set';
    if (setting.system === 'NMVS' && sealed === null) throw new AppError(422, 'VERIFICATION_SECRET_MISSING', { user: setting.user ?? '' });
    const gln = setting.gln ?? warehouse.gln;
    if (setting.system === 'VRS' && gln === null)
      throw new AppError(422, 'VERIFICATION_GLN_MISSING', { warehouseNo: warehouse.warehouseNo });
    const certificate = this.certificateOf(setting, stored, warehouse.warehouseNo);
    if (certificate.client_certificate !== null && new URL(setting.url).protocol !== 'https:')
      throw new AppError(422, 'VERIFICATION_CERTIFICATE_NEEDS_HTTPS', { warehouseNo: warehouse.warehouseNo });
    const row = {
      warehouse_no: warehouse.warehouseNo,
      system: setting.system,
      url: setting.url,
      client_id: setting.clientId ?? null,
      user_name: setting.user ?? null,
      secret_sealed: sealed,
      gln,
      ...certificate,
      updated_by: actorId,
      updated_at: new Date().toISOString(),
    };
    await repo.saveSettings(trx, row);
    return { before, after: auditView(row, secret) };
  }

  /** The certificate to store: the one given, checked and its key sealed; left out, the one stored (none for a VRS). */
  private certificateOf(setting: VerificationSetting, stored: StoredCertificate | undefined, warehouseNo: string): StoredCertificate {
    if (setting.system !== 'NMVS' || setting.certificate === null) return NO_CERTIFICATE;
    if (setting.certificate === undefined) return stored ? pickCertificate(stored) : NO_CERTIFICATE;
    const checked = checkClientCertificate(setting.certificate, new Date());
    return {
      client_certificate: checked.chain,
      client_key_sealed: this.#box.seal(checked.privateKey, warehouseNo, 'client-key'),
      server_ca: checked.serverCa,
    };
  }

  /**
   * The warehouse's connection with its secret and its certificate's key opened, or undefined when it has
   * none; a secret that no longer opens (the audit key changed) reads as none, a key as null.
   */
  async connection(db: Db, warehouseNo: string): Promise<Connection | undefined> {
    const stored = await repo.findSettings(db, warehouseNo);
    if (!stored) return undefined;
    return {
      system: stored.system,
      url: stored.url,
      clientId: stored.client_id,
      user: stored.user_name,
      secret: stored.secret_sealed === null ? null : (this.#box.open(stored.secret_sealed, warehouseNo) ?? null),
      gln: stored.gln,
      certificate:
        stored.client_certificate === null
          ? null
          : {
              chain: stored.client_certificate,
              privateKey:
                stored.client_key_sealed === null ? null : (this.#box.open(stored.client_key_sealed, warehouseNo, 'client-key') ?? null),
              serverCa: stored.server_ca,
            },
    };
  }
}

function pickCertificate(row: StoredCertificate): StoredCertificate {
  return { client_certificate: row.client_certificate, client_key_sealed: row.client_key_sealed, server_ca: row.server_ca };
}

function auditView(row: Omit<VerificationSettingsRow, 'updated_by' | 'updated_at'>, secret: SettingAuditView['secret']): SettingAuditView {
  return {
    system: row.system,
    url: row.url,
    clientId: row.client_id,
    user: row.user_name,
    gln: row.gln,
    secret,
    ...(row.client_certificate === null ? {} : { certificate: summarise(row.client_certificate, row.server_ca) }),
  };
}
