import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import { z } from 'zod';
import { ReturnPath, SsoArea } from '@pharma/domain/contract/sso';
import type { OidcConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthService, IssuedSession } from '../auth/auth.service.ts';

const SCOPE = 'openid email profile';
/** How long the browser may take at the provider before the pending sign-in expires. */
export const PENDING_SECONDS = 600;
const PENDING_AUDIENCE = 'pharma-scan-sso';

/** What the browser keeps, encrypted, between /api/sso/start and /api/sso/callback. */
const Pending = z.object({
  area: SsoArea,
  returnPath: ReturnPath,
  verifier: z.string().min(43),
  state: z.string().min(1),
  nonce: z.string().min(1),
});
export type Pending = z.infer<typeof Pending>;

/**
 * Single sign-on with the organisation's OpenID provider (decision 0005): the authorization
 * code flow with PKCE, state and nonce, by openid-client. The identity maps to an existing
 * user by its verified email; the session is the one password login issues.
 */
export class OidcService {
  private configuration: Promise<client.Configuration> | undefined;
  private readonly pendingKey: Uint8Array;

  constructor(
    private readonly oidc: OidcConfig,
    private readonly auth: AuthService,
    jwtSecret: Uint8Array,
  ) {
    // A key of its own, derived from the session secret: the sealed state is never a session token.
    this.pendingKey = new Uint8Array(hkdfSync('sha256', jwtSecret, new Uint8Array(0), 'pharma-scan sso pending', 32));
  }

  /** The provider's authorization URL for a new sign-in, and the sealed state the browser keeps meanwhile. */
  async start(area: SsoArea, returnPath: string | undefined): Promise<{ url: string; sealed: string }> {
    const configuration = await this.discover();
    const pending: Pending = {
      area,
      returnPath: landing(area, returnPath),
      verifier: client.randomPKCECodeVerifier(),
      state: client.randomState(),
      nonce: client.randomNonce(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.oidc.redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    const sealed = await new EncryptJWT(pending)
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setAudience(PENDING_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${PENDING_SECONDS}s`)
      .encrypt(this.pendingKey);
    return { url: url.href, sealed };
  }

  /** The state sealed by `start`, or undefined when it is missing, tampered with or expired. */
  async unseal(sealed: string | undefined): Promise<Pending | undefined> {
    if (!sealed) return undefined;
    try {
      const { payload } = await jwtDecrypt(sealed, this.pendingKey, {
        audience: PENDING_AUDIENCE,
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
      });
      const parsed = Pending.safeParse(payload);
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Checks the provider's answer (state, issuer, PKCE, ID token and nonce: all by openid-client),
   * reads the verified email and signs its user in. Library errors propagate: the caller logs
   * them and shows SSO_FAILED.
   */
  async finish(pending: Pending, callbackQuery: string): Promise<IssuedSession> {
    const configuration = await this.discover();
    // The URL the provider redirected to, rebuilt from the registered redirect_uri: behind a
    // proxy the server's own view of its address is not what the provider saw.
    const currentUrl = new URL(this.oidc.redirectUri);
    currentUrl.search = callbackQuery;
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new AppError(401, 'SSO_FAILED');
    let email: unknown = idToken.email;
    let verified: unknown = idToken.email_verified;
    if (typeof email !== 'string') {
      // Providers that conform ID token claims put the email only in the UserInfo response.
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      email = info.email;
      verified = info.email_verified;
    }
    if (typeof email !== 'string' || email.trim() === '' || verified === false) throw new AppError(401, 'SSO_FAILED');
    return this.auth.loginByEmail(email);
  }

  /** Discovery once, cached; a failure is forgotten so that the next sign-in tries again. */
  private discover(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(this.oidc.issuer, this.oidc.clientId, this.oidc.clientSecret, client.ClientSecretBasic(this.oidc.clientSecret), {
        execute: this.oidc.allowInsecure ? [client.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }
}

/** Where the user lands: the asked path on this site, else the area's home; never back on a login page. */
function landing(area: SsoArea, returnPath: string | undefined): string {
  const safe = returnPath !== undefined && ReturnPath.safeParse(returnPath).success && !returnPath.startsWith(`/${area}/login`);
  return safe ? returnPath : `/${area}`;
}
