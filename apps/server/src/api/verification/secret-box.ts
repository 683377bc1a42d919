import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The version of the sealed form: a key or cipher change gets another. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What a sealed value is: the secret, or the NMVS client certificate's private key. */
type Sealed = 'secret' | 'client-key';

/**
 * A national system's secret (NMVS password, VRS token) sealed at rest: AES-256-GCM under a key derived
 * with HKDF-SHA-256 from the audit key (info 'verification-secret'), which never enters the database.
 * The warehouse number is the additional authenticated data, so a sealed secret copied to another
 * warehouse's row does not open; for a private key with what it is after it, so a key and a secret do not
 * open in each other's column. Sealed form: `v1.<iv>.<ciphertext>.<tag>`, base64url.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(auditKey: Uint8Array) {
    this.#key = Buffer.from(hkdfSync('sha256', auditKey, new Uint8Array(0), 'verification-secret', 32));
  }

  seal(secret: string, warehouseNo: string, what: Sealed = 'secret'): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(boundTo(warehouseNo, what));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, sealed, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The secret, or undefined when it does not open: another key (the audit key changed), another warehouse, or altered. */
  open(sealed: string, warehouseNo: string, what: Sealed = 'secret'): string | undefined {
    const [version, iv, data, tag] = sealed.split('.');
    if (version !== VERSION || iv === undefined || data === undefined || tag === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(boundTo(warehouseNo, what));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

/** The additional authenticated data: the warehouse (a secret's, as sealed since migration 0035), then what else (NUL is in no warehouse number). */
function boundTo(warehouseNo: string, what: Sealed): Buffer {
  return Buffer.from(what === 'secret' ? warehouseNo : `${warehouseNo}\u0000${what}`, 'utf8');
}
