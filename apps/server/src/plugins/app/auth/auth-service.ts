import { AVATAR_COLORS, type RegisterBody } from '@wink/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db, DbOrTx } from '../../../db/client';
import { passwordResetTokens, type UserRow } from '../../../db/schema/index';
import { randomToken, safeEqual, sha256, shortId } from '../../../lib/crypto';
import { forbidden, invalid, ValidationError } from '../../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../../lib/passwords';
import { checkSignedUrl, signUrl, type SignatureCheck } from '../../../lib/signed-url';
import type { Mailer } from '../mail/mailer';
import { usersRepository } from '../users/users-repository';
import { sessionsRepository, tokensRepository } from './sessions-repository';

export const SUSPENDED_MESSAGE = 'Your account has been suspended.';
export const BAD_CREDENTIALS = 'These credentials do not match our records.';
const VERIFY_TTL_SECONDS = 60 * 60;
const RESET_TTL_MINUTES = 60;
const RESET_RESEND_AFTER_MS = 60_000;

const pickAvatarColor = () => AVATAR_COLORS[Math.floor(Math.random() * AVATAR_COLORS.length)]!;

/** Accounts: who someone is and how they prove it. Sessions themselves are the SessionManager's. */
export class AuthService {
  constructor(
    private db: Db,
    private config: Config,
    private mailer: Mailer,
  ) {}

  checkEmail(email: string): Promise<boolean> {
    return usersRepository.emailExists(this.db, email);
  }

  /** Creates the account with its trial and queues the verification mail, all or nothing. */
  async register(tx: DbOrTx, body: RegisterBody): Promise<UserRow> {
    const passwordHash = await hashPassword(body.password);
    const user = await usersRepository.insert(tx, {
      sid: shortId(),
      name: body.name,
      displayName: body.display_name,
      email: body.email,
      passwordHash,
      avatarColor: pickAvatarColor(),
      trialEndsAt: new Date(Date.now() + this.config.TRIAL_DAYS * 86_400_000),
      newsletterSubscription: body.newsletter_subscription,
    });
    if (!user) throw invalid('email', 'The email has already been taken.');
    await this.sendVerification(tx, user);
    return user;
  }

  /** Checks a password. A wrong address costs as much time as a wrong password, and says the same. */
  async attempt(email: string, password: string): Promise<UserRow> {
    const user = await usersRepository.findByEmail(this.db, email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) throw new ValidationError({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
    if (user.banned) {
      await this.revokeAll(this.db, user.id);
      throw forbidden(SUSPENDED_MESSAGE);
    }
    return user;
  }

  async revokeAll(tx: DbOrTx, userId: number, exceptSessionId?: string): Promise<void> {
    await sessionsRepository.deleteForUser(tx, userId, exceptSessionId);
    if (!exceptSessionId) await tokensRepository.deleteForUser(tx, userId);
  }

  verificationUrl(user: Pick<UserRow, 'sid' | 'email'>): string {
    const pathname = `/verify-email/${user.sid}/${sha256(user.email.toLowerCase()).slice(0, 40)}`;
    return signUrl(this.config.appKey, this.config.appUrl, pathname, VERIFY_TTL_SECONDS);
  }

  sendVerification(tx: DbOrTx, user: UserRow): Promise<void> {
    return this.mailer.send(tx, user.email, {
      template: 'verify-email',
      data: { name: user.displayName, url: this.verificationUrl(user) },
    });
  }

  /** Marks the address verified when the link is genuine, current, and still names the account's address. */
  async verifyEmail(sid: string, emailHash: string, expires: string, signature: string): Promise<SignatureCheck> {
    const pathname = `/verify-email/${sid}/${emailHash}`;
    const check = checkSignedUrl(this.config.appKey, pathname, expires, signature);
    if (check !== 'valid') return check;
    const user = await usersRepository.findBySid(this.db, sid);
    if (!user || !safeEqual(sha256(user.email.toLowerCase()).slice(0, 40), emailHash)) return 'invalid';
    if (!user.emailVerifiedAt) await usersRepository.update(this.db, user.id, { emailVerifiedAt: new Date() });
    return 'valid';
  }

  /** Sends a reset link when the address has an account; the answer is the same either way. */
  async forgotPassword(email: string): Promise<void> {
    const user = await usersRepository.findByEmail(this.db, email);
    if (!user || user.banned) return;
    await this.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      if (existing && Date.now() - existing.createdAt.getTime() < RESET_RESEND_AFTER_MS) return;
      const token = randomToken();
      const values = { userId: user.id, tokenHash: sha256(token), createdAt: new Date() };
      await tx.insert(passwordResetTokens).values(values).onConflictDoUpdate({ target: passwordResetTokens.userId, set: values });
      const url = `${this.config.appUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
      await this.mailer.send(tx, user.email, {
        template: 'reset-password',
        data: { name: user.displayName, url, minutes: RESET_TTL_MINUTES },
      });
    });
  }

  async resetPassword(email: string, token: string, password: string): Promise<void> {
    const rejected = invalid('email', 'This password reset token is invalid.');
    const user = await usersRepository.findByEmail(this.db, email);
    if (!user || user.banned) throw rejected;
    const [row] = await this.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    if (!row || !safeEqual(row.tokenHash, sha256(token))) throw rejected;
    if (Date.now() - row.createdAt.getTime() > RESET_TTL_MINUTES * 60_000) throw rejected;
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await usersRepository.update(tx, user.id, { passwordHash });
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      await this.revokeAll(tx, user.id);
      await this.mailer.send(tx, user.email, { template: 'password-changed', data: { name: user.displayName } });
    });
  }

  /** A new password with the current one as proof; every other session of the person ends. */
  async changePassword(user: UserRow, current: string, password: string, keepSessionId?: string): Promise<void> {
    if (!(await verifyPassword(user.passwordHash, current))) {
      throw invalid('current_password', 'The password is incorrect.');
    }
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await usersRepository.update(tx, user.id, { passwordHash });
      await sessionsRepository.deleteForUser(tx, user.id, keepSessionId);
      await tokensRepository.deleteForUser(tx, user.id);
      await this.mailer.send(tx, user.email, { template: 'password-changed', data: { name: user.displayName } });
    });
  }

  async confirmPassword(user: UserRow, password: string): Promise<void> {
    if (!(await verifyPassword(user.passwordHash, password))) throw invalid('password', 'The password is incorrect.');
  }
}
