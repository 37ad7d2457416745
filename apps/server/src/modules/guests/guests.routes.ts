/**
 * Guest REST routes, mounted under `/rest/v1`: signup, login, logout (spec 7 `vxpay/logout`), me,
 * sessions, password change and access tokens. Every answer is `Cache-Control: no-store` and
 * `Referrer-Policy: no-referrer`.
 */
import { isValidEmail } from '@vela/domain/email';
import { checkPassword } from '@vela/domain/password-policy';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, parseInput } from '../../http/errors.ts';
import type { AuthContext, GuestAuth } from './auth.ts';
import { presentGuest, presentSession } from './guests.presenter.ts';
import type { GuestsRepository } from './guests.repository.ts';
import { uniqueViolation } from './guests.repository.ts';
import { LoginSchema, PasswordChangeSchema, SessionIdParamsSchema, SignupSchema } from './guests.schema.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  createRateLimiter,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_PER_IP,
  RateLimitedError,
  SIGNUP_PER_IP,
} from './rate-limit.ts';
import { mintAccessToken } from './tokens.ts';

export interface GuestRoutesDeps {
  repository: GuestsRepository;
  auth: GuestAuth;
  secret: string;
  loginEnabled: boolean;
}

const AUTH_BODY_LIMIT = 8 * 1024;

export function guestRoutes(deps: GuestRoutesDeps): FastifyPluginAsync {
  const { repository, auth, secret } = deps;
  const limiter = createRateLimiter(repository);

  const requireLoginEnabled = () => {
    if (!deps.loginEnabled) throw new AppError('LOGIN_DISABLED', 'Login and signup are turned off', 403);
  };
  const requireGuest = async (request: FastifyRequest): Promise<AuthContext & { guestId: number }> => {
    const context = await auth.authenticate(request);
    if (!context || context.guestId === null) throw new AppError('NOT_LOGGED_IN', 'Log in first', 401);
    return { ...context, guestId: context.guestId };
  };
  const passwordRule = (password: string) => {
    const check = checkPassword(password);
    if (!check.ok) throw new AppError(check.code, 'The password does not meet the password policy', 400);
  };

  return async (app) => {
    app.addHook('onSend', async (_request, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
    });
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    });

    app.post('/guest/accessToken', async (request, reply) => {
      const context = await auth.ensureSession(request, reply);
      const { token, expiresAt } = mintAccessToken(secret, context.sessionId);
      return { success: true, data: { accessToken: token, expiresAt: expiresAt.toISOString() } };
    });

    app.post('/guest/signup', { bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
      requireLoginEnabled();
      const body = parseInput(SignupSchema, request.body);
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
      await auth.startSession(request, reply, guest.id);
      return reply.code(201).send({ success: true, data: { guest: presentGuest(guest) } });
    });

    app.post('/guest/login', { bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
      requireLoginEnabled();
      const body = parseInput(LoginSchema, request.body);
      const account = body.login.toLowerCase();
      await limiter.check(LOGIN_FAILURES_PER_ACCOUNT, account);
      await limiter.take(LOGIN_PER_IP, request.ip);
      const guest = await repository.guestByLogin(body.login);
      // Unknown account and wrong password cost the same: always one argon2 verification.
      const valid = await verifyPassword(body.password, guest?.passwordHash ?? (await dummyHash()));
      if (!guest || !valid) {
        await limiter.count(LOGIN_FAILURES_PER_ACCOUNT, account);
        throw new AppError('INVALID_CREDENTIALS', 'Name, email or password is wrong', 401);
      }
      if (guest.locked) throw new AppError('ACCOUNT_LOCKED', 'This account is locked', 403);
      await auth.startSession(request, reply, guest.id);
      return { success: true, data: { guest: presentGuest(guest) } };
    });

    // Spec 7: vxpay/logout POST, no payload. Ends the caller's session.
    app.post('/vxpay/logout', async (request, reply) => {
      const context = await auth.authenticate(request).catch(() => null);
      if (context) await repository.revokeSession(context.sessionId);
      auth.clearCookie(reply);
      return { success: true, data: { loggedOut: true } };
    });

    app.get('/guest/me', async (request) => {
      const { guestId } = await requireGuest(request);
      const guest = await repository.guestById(guestId);
      if (!guest) throw new AppError('NOT_LOGGED_IN', 'Log in first', 401);
      return { success: true, data: { guest: presentGuest(guest) } };
    });

    app.get('/guest/sessions', async (request) => {
      const { guestId, sessionId } = await requireGuest(request);
      const sessions = await repository.liveSessionsOf(guestId);
      return { success: true, data: { sessions: sessions.map((s) => presentSession(s, sessionId)) } };
    });

    app.delete('/guest/sessions/:id', async (request) => {
      const { guestId } = await requireGuest(request);
      const { id } = parseInput(SessionIdParamsSchema, request.params);
      // Only the caller's own sessions: another guest's session is as unknown as a missing one.
      if (!(await repository.revokeSession(Number(id), guestId)))
        throw new AppError('SESSION_NOT_FOUND', 'No such session', 404);
      return { success: true, data: { revoked: id } };
    });

    app.post('/guest/password', { bodyLimit: AUTH_BODY_LIMIT }, async (request) => {
      const { guestId, sessionId } = await requireGuest(request);
      const body = parseInput(PasswordChangeSchema, request.body);
      passwordRule(body.newPassword);
      const guest = await repository.guestById(guestId);
      if (!guest || !(await verifyPassword(body.currentPassword, guest.passwordHash)))
        throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong', 401);
      await repository.setPasswordHash(guestId, await hashPassword(body.newPassword));
      await repository.revokeOtherSessions(guestId, sessionId);
      return { success: true, data: { passwordChanged: true } };
    });
  };
}
