/**
 * Guest REST routes, mounted under `/rest/v1`: signup, login, logout (spec 7 `vxpay/logout`), me,
 * sessions, password change, password lost/reset, access tokens, the dialog's login transfer
 * (`vxpay/onsuccess`, decision 0008) and the guest's own data (guest-data.routes.ts). Every answer is
 * `Cache-Control: no-store` and `Referrer-Policy: no-referrer`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type AuthResult, guestEndpoints } from '@vela/contracts/guest-api';
import { isValidEmail } from '@vela/domain/email';
import { checkPassword } from '@vela/domain/password-policy';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { uniqueViolation } from '../../infra/db-errors.ts';
import { createRateLimiter, retryAfterOnRateLimit } from '../../infra/rate-limit.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { GuestAuth } from './auth.ts';
import { guestDataRoutes } from './guest-data.routes.ts';
import { presentGuest, presentSession } from './guests.presenter.ts';
import type { GuestRow, GuestsRepository } from './guests.repository.ts';
import { createGuestsRepository } from './guests.repository.ts';
import { createLoginTransfer, useLoginTransfer } from './login-transfer.ts';
import { newsletterRoutes } from './newsletter.routes.ts';
import { createNewsletterService } from './newsletter.service.ts';
import { unsubscribeKeyOf } from './newsletter-token.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  ANONYMOUS_SESSIONS_PER_IP,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_IP,
  LOGIN_PER_IP,
  loginAccountKey,
  PASSWORD_LOST_PER_ACCOUNT,
  PASSWORD_LOST_PER_IP,
  PASSWORD_RESET_FAILURES_PER_IP,
  SIGNUP_PER_IP,
  TRANSFER_FAILURES_PER_IP,
} from './rate-limit.ts';
import type { SessionEnder } from './session-ender.ts';
import { mintAccessToken } from './tokens.ts';

export interface GuestRoutesDeps {
  repository: GuestsRepository;
  auth: GuestAuth;
  secret: string;
  loginEnabled: boolean;
  mailer: Mailer;
  /** Origin of the pages: the password reset link points there. */
  publicOrigin: string;
  brandName: string;
  /** The one way a session ends (login over it, transfer, logout, removal, password change or reset). */
  sessions: SessionEnder;
}

const AUTH_BODY_LIMIT = 8 * 1024;

/**
 * `guest/passwordLost` answers no sooner than this after the request arrived, whether or not the
 * account exists and a mail was written: the answer time tells nothing about the account.
 */
export const PASSWORD_LOST_ANSWER_MS = 250;

const resetKeyInvalid = () =>
  new AppError('RESET_KEY_INVALID', 'This password reset link is invalid, used or expired', 400);
const transferInvalid = () =>
  new AppError('TRANSFER_INVALID', 'This login transfer token is invalid, used or expired', 400);

export function guestRoutes(deps: GuestRoutesDeps): FastifyPluginAsync {
  const { repository, auth, secret, sessions } = deps;
  const limiter = createRateLimiter(repository);
  const passwordResets = createPasswordResetService({
    repository,
    sessions,
    mailer: deps.mailer,
    publicOrigin: deps.publicOrigin,
    brandName: deps.brandName,
  });

  const requireLoginEnabled = () => {
    if (!deps.loginEnabled) throw new AppError('LOGIN_DISABLED', 'Login and signup are turned off', 403);
  };
  const requireGuest = (request: FastifyRequest) => auth.requireGuest(request);
  const passwordRule = (password: string) => {
    const check = checkPassword(password);
    if (!check.ok) throw new AppError(check.code, 'The password does not meet the password policy', 400);
  };
  /** Answer of login, signup and password reset: the guest, an access token and a transfer token. */
  const authResult = async (guest: GuestRow, sessionId: number): Promise<AuthResult> => {
    const { token, expiresAt } = mintAccessToken(secret, sessionId);
    return {
      guest: presentGuest(guest, await repository.moneyStateOf(guest.id)),
      accessToken: token,
      accessTokenExpiresAt: expiresAt.toISOString(),
      transferToken: await createLoginTransfer(repository, sessionId),
    };
  };

  return async (app) => {
    privateResponses(app);
    retryAfterOnRateLimit(app);
    const authBody = { bodyLimit: AUTH_BODY_LIMIT };

    route(app, guestEndpoints.accessToken).handle({
      handler: async ({ request, reply }) => {
        // A new anonymous session counts against the caller's address: a flood of them is refused.
        const context = await auth.ensureSession(request, reply, async () => {
          await limiter.take(ANONYMOUS_SESSIONS_PER_IP, request.ip);
        });
        const { token, expiresAt } = mintAccessToken(secret, context.sessionId);
        return { accessToken: token, expiresAt: expiresAt.toISOString() };
      },
    });

    route(app, guestEndpoints.signup).handle({
      authenticate: requireLoginEnabled,
      options: authBody,
      handler: async ({ body, request, reply }) => {
        const email = body.email.toLowerCase();
        if (!isValidEmail(email)) throw new AppError('INVALID_EMAIL', 'The email address is not valid', 400);
        passwordRule(body.password);
        await limiter.take(SIGNUP_PER_IP, request.ip);
        const taken = await repository.nameOrEmailTaken(body.screenName, email);
        if (taken.name) throw new AppError('SCREEN_NAME_TAKEN', 'This screen name is taken', 409);
        if (taken.email) throw new AppError('EMAIL_TAKEN', 'An account with this email exists', 409);
        const passwordHash = await hashPassword(body.password);
        let guest: Awaited<ReturnType<GuestsRepository['insertGuest']>>;
        try {
          guest = await repository.insertGuest({
            screenName: body.screenName,
            email,
            passwordHash,
            signupOrigin: body.signupOrigin ?? null,
          });
        } catch (error) {
          // A concurrent signup took the name or email between the check and the insert.
          const constraint = uniqueViolation(error);
          if (constraint === null) throw error;
          throw constraint.includes('email')
            ? new AppError('EMAIL_TAKEN', 'An account with this email exists', 409)
            : new AppError('SCREEN_NAME_TAKEN', 'This screen name is taken', 409);
        }
        const session = await sessions.logIn(request, reply, guest.id);
        return authResult(guest, session.sessionId);
      },
    });

    route(app, guestEndpoints.login).handle({
      authenticate: requireLoginEnabled,
      options: authBody,
      handler: async ({ body, request, reply }) => {
        await limiter.take(LOGIN_PER_IP, request.ip);
        const guest = await repository.guestByLogin(body.login);
        // Failures count per (account, address) and, with a far higher ceiling, per account: guessing
        // from one address stops at 5 while the owner still logs in from another (decision 0027). The
        // attempt is taken before the verification (atomic: parallel guesses cannot overrun the limit)
        // and given back when the password is right.
        const account = loginAccountKey(guest?.id ?? null, body.login);
        const attempt = await limiter.takeAll([
          [LOGIN_FAILURES_PER_ACCOUNT_IP, `${account}|${request.ip}`],
          [LOGIN_FAILURES_PER_ACCOUNT, account],
        ]);
        // Unknown account and wrong password cost the same: always one argon2 verification.
        const valid = await verifyPassword(body.password, guest?.passwordHash ?? (await dummyHash()));
        // A voice caller's stand-in (decision 0051) never logs in, whatever its hash.
        if (guest?.kind !== 'registered' || !valid)
          throw new AppError('INVALID_CREDENTIALS', 'Name, email or password is wrong', 401);
        await attempt.refund();
        if (guest.locked) throw new AppError('ACCOUNT_LOCKED', 'This account is locked', 403);
        const session = await sessions.logIn(request, reply, guest.id);
        return authResult(guest, session.sessionId);
      },
    });

    // Spec 2/7: password lost by name or email. The same answer, no sooner than
    // PASSWORD_LOST_ANSWER_MS, whether or not the account exists (no account enumeration).
    route(app, guestEndpoints.passwordLost).handle({
      authenticate: () => {
        requireLoginEnabled();
        return { started: Date.now() };
      },
      options: authBody,
      handler: async ({ body, request, auth: { started } }) => {
        await limiter.take(PASSWORD_LOST_PER_IP, request.ip);
        await limiter.take(PASSWORD_LOST_PER_ACCOUNT, (body.login ?? body.email ?? '').toLowerCase());
        const outcome = await passwordResets.request(body);
        if (outcome.mailed) request.log.info({ mailId: outcome.mailId }, 'password reset mail written');
        const wait = started + PASSWORD_LOST_ANSWER_MS - Date.now();
        if (wait > 0) await sleep(wait);
        return { requested: true };
      },
    });

    // Spec 2: the mailed link's u and key and a new password. Logs the guest in with a new session;
    // every older session of the guest ends.
    route(app, guestEndpoints.passwordReset).handle({
      authenticate: requireLoginEnabled,
      options: authBody,
      handler: async ({ body, request, reply }) => {
        // Taken first, given back unless the key is refused (no check-then-count race).
        const attempt = await limiter.take(PASSWORD_RESET_FAILURES_PER_IP, request.ip);
        const guestId = Number(body.u);
        const check = await passwordResets.check(guestId, body.key);
        if (!check.ok && check.reason !== 'locked') throw resetKeyInvalid();
        await attempt.refund();
        if (!check.ok) throw new AppError('ACCOUNT_LOCKED', 'This account is locked', 403);
        passwordRule(body.password);
        const passwordHash = await hashPassword(body.password);
        // A concurrent use of the same valid key: refused, not a guess.
        if (!(await passwordResets.reset(check.keyId, guestId, passwordHash))) throw resetKeyInvalid();
        const session = await sessions.logIn(request, reply, guestId);
        return authResult(check.guest, session.sessionId);
      },
    });

    // Spec 7: vxpay/onsuccess POST (result, targetUrl; the answer's data.url is where the page goes).
    // With a transfer token (dialog login/signup/reset, or spec 2 redirect_token) the page's browser
    // takes over the dialog's session as its cookie; without, it confirms the caller's session.
    route(app, guestEndpoints.onSuccess).handle({
      options: authBody,
      handler: async ({ body, request, reply }) => {
        const url = body.targetUrl ?? null;
        const transferToken = body.result.transferToken;
        if (transferToken === undefined) {
          const context = await auth.authenticate(request);
          if (!context) throw new AppError('NOT_LOGGED_IN', 'No session', 401);
          return { url, loggedIn: context.guestId !== null };
        }
        // Taken first, given back when the token is good (no check-then-count race).
        const attempt = await limiter.take(TRANSFER_FAILURES_PER_IP, request.ip);
        const sessionId = await useLoginTransfer(repository, transferToken);
        const session = sessionId === null ? undefined : await repository.liveSessionById(sessionId);
        const guest = session?.guestId ? await repository.guestById(session.guestId) : undefined;
        if (!session || !guest || guest.locked || guest.kind !== 'registered') throw transferInvalid();
        await attempt.refund();
        // The browser's previous session (anonymous, or another guest's) ends: one session per browser.
        if (!(await sessions.adopt(request, reply, session.id))) throw transferInvalid();
        return { url, loggedIn: true };
      },
    });

    // Spec 7: vxpay/logout POST, no payload. Ends the caller's session.
    route(app, guestEndpoints.logout).handle({
      handler: async ({ request, reply }) => {
        const context = await auth.authenticate(request).catch(() => null);
        if (context) await sessions.endSession(context.sessionId);
        auth.clearCookie(reply);
        return { loggedOut: true };
      },
    });

    route(app, guestEndpoints.me).handle({
      authenticate: requireGuest,
      handler: async ({ auth: { guestId } }) => {
        const guest = await repository.guestById(guestId);
        if (!guest) throw new AppError('NOT_LOGGED_IN', 'Log in first', 401);
        return { guest: presentGuest(guest, await repository.moneyStateOf(guest.id)) };
      },
    });

    await app.register(guestDataRoutes({ repository, requireGuest }));
    // guest/newsletter/unsubscribe: the signed link of a mail (GET, RFC 8058 POST) and the logged-in POST.
    const newsletter = createNewsletterService({
      repository,
      key: unsubscribeKeyOf(secret),
      publicOrigin: deps.publicOrigin,
      brandName: deps.brandName,
      mailer: deps.mailer,
    });
    await app.register(newsletterRoutes({ repository, newsletter, requireGuest, brandName: deps.brandName }));

    route(app, guestEndpoints.sessions).handle({
      authenticate: requireGuest,
      handler: async ({ auth: { guestId, sessionId } }) => {
        const sessions = await repository.liveSessionsOf(guestId);
        return { sessions: sessions.map((s) => presentSession(s, sessionId)) };
      },
    });

    route(app, guestEndpoints.endSession).handle({
      authenticate: requireGuest,
      handler: async ({ params: { id }, auth: { guestId } }) => {
        // Only the caller's own sessions: another guest's session is as unknown as a missing one.
        if (!(await sessions.endSession(Number(id), { ofGuest: guestId })))
          throw new AppError('SESSION_NOT_FOUND', 'No such session', 404);
        return { revoked: id };
      },
    });

    route(app, guestEndpoints.changePassword).handle({
      authenticate: requireGuest,
      options: authBody,
      handler: async ({ body, auth: { guestId, sessionId } }) => {
        passwordRule(body.newPassword);
        const guest = await repository.guestById(guestId);
        if (!guest || !(await verifyPassword(body.currentPassword, guest.passwordHash)))
          throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong', 401);
        const passwordHash = await hashPassword(body.newPassword);
        // The new password and the end of the guest's other sessions, in one transaction.
        await sessions.endGuestSessions(guestId, {
          except: sessionId,
          change: (tx) => createGuestsRepository(tx).setPasswordHash(guestId, passwordHash),
        });
        return { passwordChanged: true };
      },
    });
  };
}
