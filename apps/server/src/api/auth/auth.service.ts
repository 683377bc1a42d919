import { hash, verify } from '@node-rs/argon2';
import type { Authorization } from '@pharma/domain';
import type { SessionUser } from '@pharma/domain/contract/auth';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from './auth.repository.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { LoginThrottle } from '../../lib/login-throttle.ts';
import * as repo from './auth.repository.ts';
import { hashRefreshToken, newRefreshToken, signAccessToken, successorRefreshToken, verifyAccessToken } from './tokens.ts';

export interface Principal {
  user: SessionUser;
  authorization: Authorization;
  familyId: string;
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  user: SessionUser;
}

/** A second use of a rotated refresh token within this window is two tabs racing, not theft. */
const ROTATION_GRACE_MS = 10_000;
/**
 * How long a verified access token is trusted without asking the database again: the promise that a
 * logout, a disabled account or a changed role made through any app instance takes effect on every
 * other instance within 5 seconds (decision 0045). On the instance that made the change it is at once.
 */
const PRINCIPAL_CACHE_MS = 5_000;
/** From this age on, a cached caller is checked again in the background, so no request waits for the database. */
const PRINCIPAL_RECHECK_MS = 3_000;

interface CachedCaller {
  /** Pending while the first check runs, so requests arriving together share it. */
  caller: Promise<Principal | undefined>;
  checkedAt: number;
  until: number;
  rechecking?: boolean;
}

export class AuthService {
  private readonly throttle: LoginThrottle;
  /**
   * Verified callers by access token, for a few seconds: a scanner sends many requests a second.
   * Cleared whenever a session is revoked or an admin changes users or roles, so a logout or a
   * disabled account takes effect on the next request.
   */
  private readonly principals = new Map<string, CachedCaller>();
  /** Bumped whenever the cache is cleared: a check that started before must not store its answer. */
  private generation = 0;
  /**
   * Each user's permission tree while it is being read, so the checks of one user's tokens that run
   * together share one read. Not kept after: another instance may change roles at any time, and a
   * caller's check must see that within PRINCIPAL_CACHE_MS (decision 0045).
   */
  private readonly authorizations = new Map<string, Promise<Authorization>>();
  /** Verified against when the account is unknown, so both answers take the same time. */
  private readonly dummyHash: Promise<string> = hash('not-a-password-of-anyone');

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'jwtSecret' | 'accessTokenSeconds' | 'refreshTokenSeconds'>,
  ) {
    this.throttle = new LoginThrottle(db);
  }

  async login(identifier: string, password: string, address: string): Promise<IssuedSession> {
    const email = identifier.trim().toLowerCase();
    const wait = await this.throttle.retryAfter(email, address);
    if (wait > 0) throw new AppError(429, 'TOO_MANY_REQUESTS', { seconds: wait }, { 'retry-after': String(wait) });

    const user = await repo.findUserByEmail(this.db, email);
    const ok = await verify(user?.password_hash ?? (await this.dummyHash), password).catch(() => false);
    if (!user || !user.password_hash || !ok) {
      await this.throttle.failed(email, address);
      throw new AppError(401, 'INVALID_CREDENTIALS');
    }
    if (user.disabled) throw new AppError(403, 'ACCOUNT_DISABLED');
    await this.throttle.succeeded(email, address);
    return this.startSession(user);
  }

  /**
   * Signs in a user whom the organisation's OpenID provider has vouched for (decision 0005):
   * the account is found by its email, never created; its areas are still the admin's grants.
   */
  async loginByEmail(verifiedEmail: string): Promise<IssuedSession> {
    const email = verifiedEmail.trim().toLowerCase();
    const user = await repo.findUserByEmail(this.db, email);
    if (!user) throw new AppError(403, 'SSO_NO_ACCOUNT', { email });
    if (user.disabled) throw new AppError(403, 'ACCOUNT_DISABLED');
    return this.startSession(user, 'sso');
  }

  /**
   * Rotates a refresh token. Reusing a rotated one revokes its whole family (theft detection). Within
   * the rotation grace (two tabs racing) a second use answers the same pair as the first, not a new
   * one: the successor is derived from the token (`successorRefreshToken`) and the access token is
   * signed at the rotation's time, so there is only ever one chain for reuse detection to watch.
   */
  async refresh(token: string): Promise<{ accessToken: string; refreshToken: string }> {
    const row = await repo.findRefreshToken(this.db, hashRefreshToken(token));
    const now = new Date();
    if (!row) throw new AppError(401, 'NOT_SIGNED_IN');
    const user = await repo.findUserById(this.db, row.user_id);
    // Only the holder of this account's own refresh token learns that it was disabled (decision 0067).
    if (user?.disabled) throw new AppError(401, 'SESSION_ENDED_DISABLED');
    if (!user || row.revoked_at || row.expires_at <= now.toISOString()) throw new AppError(401, 'NOT_SIGNED_IN');

    const successor = successorRefreshToken(token, this.config.jwtSecret);
    const rotatedAt = await this.db.transaction().execute(async (trx) => {
      if (await repo.markRotated(trx, row.id, now.toISOString())) {
        await this.insertRefreshToken(trx, row.user_id, row.family_id, successor.hash, now.getTime());
        await writeAudit(trx, [{ actorId: row.user_id, entity: 'session', entityId: row.family_id, action: 'refresh' }], now.toISOString());
        return now.getTime();
      }
      const rotated = await repo.findRefreshToken(trx, row.token_hash);
      const at = rotated?.rotated_at ? Date.parse(rotated.rotated_at) : 0;
      if (rotated && !rotated.revoked_at && now.getTime() - at <= ROTATION_GRACE_MS) return at;
      await repo.revokeFamily(trx, row.family_id, now.toISOString());
      await writeAudit(trx, [
        {
          actorId: row.user_id,
          entity: 'session',
          entityId: row.family_id,
          action: 'revoke',
          before: { revoked: false },
          after: { revoked: true },
          reason: 'refresh token reused',
        },
      ]);
      return undefined;
    });
    if (rotatedAt === undefined) {
      this.forgetCallers();
      throw new AppError(401, 'NOT_SIGNED_IN');
    }
    const accessToken = await this.accessToken(row.user_id, row.family_id, Math.floor(rotatedAt / 1000));
    return { accessToken, refreshToken: successor.token };
  }

  /**
   * Ends the caller's session however they authenticate: the refresh token's family (the browser's
   * cookie) and the access token's (a bearer header or the cookie); both when they differ.
   */
  async logout(refreshToken: string | undefined, caller: Principal | undefined): Promise<void> {
    const row = refreshToken ? await repo.findRefreshToken(this.db, hashRefreshToken(refreshToken)) : undefined;
    const sessions = new Map<string, string | null>();
    if (row) sessions.set(row.family_id, row.user_id);
    if (caller) sessions.set(caller.familyId, caller.user.id);
    if (sessions.size === 0) return;
    const at = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      for (const [family, userId] of sessions) {
        await repo.revokeFamily(trx, family, at);
        await writeAudit(trx, [{ actorId: userId, entity: 'session', entityId: family, action: 'logout' }], at);
      }
    });
    this.forgetCallers();
  }

  /**
   * The caller behind an access token, or undefined when the token or its session is not valid.
   * Cached for a few seconds (a scanner sends many requests a second); past PRINCIPAL_RECHECK_MS
   * the session is checked again in the background while the cached caller still answers. A check
   * waits for the database, which on SQLite may be busy with a group of scans: before, every
   * request of a token whose entry had expired waited for its own check, one group at a time.
   */
  principal(accessToken: string): Promise<Principal | undefined> {
    const now = Date.now();
    const cached = this.principals.get(accessToken);
    if (cached && now < cached.until) {
      if (now - cached.checkedAt >= PRINCIPAL_RECHECK_MS && !cached.rechecking) {
        cached.rechecking = true;
        this.check(accessToken, now).catch(() => undefined);
      }
      return cached.caller;
    }
    if (this.principals.size >= 10_000) this.principals.clear();
    const caller = this.check(accessToken, now);
    this.principals.set(accessToken, { caller, checkedAt: now, until: now + PRINCIPAL_CACHE_MS });
    return caller;
  }

  /** Verifies the token and its session, and caches the answer (unless the cache was cleared meanwhile). */
  private async check(accessToken: string, now: number): Promise<Principal | undefined> {
    const generation = this.generation;
    let found: { principal: Principal; expiresAt: number } | undefined;
    try {
      found = await this.lookUp(accessToken);
    } catch (error) {
      if (generation === this.generation) this.principals.delete(accessToken);
      throw error;
    }
    if (generation !== this.generation) return found?.principal;
    if (!found) this.principals.delete(accessToken);
    else
      this.principals.set(accessToken, {
        caller: Promise.resolve(found.principal),
        checkedAt: now,
        until: Math.min(now + PRINCIPAL_CACHE_MS, found.expiresAt),
      });
    return found?.principal;
  }

  private async lookUp(accessToken: string): Promise<{ principal: Principal; expiresAt: number } | undefined> {
    const claims = await verifyAccessToken(accessToken, this.config.jwtSecret);
    if (!claims) return undefined;
    const user = await repo.findLiveSessionUser(this.db, claims.userId, claims.familyId);
    if (!user) return undefined;
    const authorization = await this.authorizationOf(user.id);
    return { principal: { user: repo.toSessionUser(user), authorization, familyId: claims.familyId }, expiresAt: claims.exp * 1000 };
  }

  /** Forgets every cached caller: the next request of each token is checked against the database. */
  private forgetCallers(): void {
    this.generation += 1;
    this.principals.clear();
  }

  /** GET /api/signin-with-jwt/{nric}: a fresh access token, only when the session belongs to that NRIC/FIN. */
  handOver(principal: Principal, nric: string): Promise<string> {
    if (principal.user.nric.toUpperCase() !== nric.toUpperCase()) throw new AppError(403, 'TOKEN_NOT_FOR_NRIC');
    return this.reissue(principal);
  }

  /** Forgets every cached caller and permission tree read: called on any change of users, roles or grants. */
  forgetAuthorizations(): void {
    this.authorizations.clear();
    this.forgetCallers();
  }

  private authorizationOf(userId: string): Promise<Authorization> {
    let tree = this.authorizations.get(userId);
    if (!tree) {
      const reading = repo.loadAuthorization(this.db, userId);
      const forget = () => {
        if (this.authorizations.get(userId) === reading) this.authorizations.delete(userId);
      };
      reading.then(forget, forget);
      this.authorizations.set(userId, reading);
      tree = reading;
    }
    return tree;
  }

  /** A fresh access token for a live session (GET /api/getToken, /api/signin-with-jwt). */
  reissue(principal: Principal): Promise<string> {
    return this.accessToken(principal.user.id, principal.familyId);
  }

  /** A new session family: its first refresh token and the login audit row, then an access token. */
  private async startSession(user: UserRow, reason?: string): Promise<IssuedSession> {
    const familyId = newId();
    const refreshToken = await this.db.transaction().execute(async (trx) => {
      const token = await this.issueRefreshToken(trx, user.id, familyId);
      await writeAudit(trx, [
        { actorId: user.id, entity: 'session', entityId: familyId, action: 'login', after: { userId: user.id }, reason },
      ]);
      return token;
    });
    const accessToken = await this.accessToken(user.id, familyId);
    return { accessToken, refreshToken, user: repo.toSessionUser(user) };
  }

  private accessToken(userId: string, familyId: string, issuedAt?: number): Promise<string> {
    return signAccessToken({ userId, familyId }, this.config.jwtSecret, this.config.accessTokenSeconds, issuedAt);
  }

  private async issueRefreshToken(trx: Db, userId: string, familyId: string): Promise<string> {
    const { token, hash: tokenHash } = newRefreshToken();
    await this.insertRefreshToken(trx, userId, familyId, tokenHash, Date.now());
    return token;
  }

  private async insertRefreshToken(trx: Db, userId: string, familyId: string, tokenHash: string, now: number): Promise<void> {
    await repo.insertRefreshToken(trx, {
      id: newId(),
      familyId,
      userId,
      hash: tokenHash,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.config.refreshTokenSeconds * 1000).toISOString(),
    });
  }
}
