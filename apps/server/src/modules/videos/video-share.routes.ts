/**
 * `POST guest/sendVideoShareEmail` (spec 7), mounted under `/rest/v1` by the videos module:
 * logged-in guests only; the body is the declared one (@vela/contracts/video-actions: one address by
 * the spec 5 rule, language, a note of at most 200 characters, nothing else). A refused share
 * (429) carries Retry-After. The page language (`lang` query, spec 7) is the mail's language when
 * the body names none.
 */
import { LanguageSchema } from '@vela/contracts/common';
import { videoShareEndpoints } from '@vela/contracts/video-actions';
import type { FastifyPluginAsync } from 'fastify';
import { queryParam, route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf } from '../../infra/country.ts';
import { retryAfterOnRateLimit } from '../../infra/rate-limit.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { VideoShare } from './video-share.ts';

/** The language when neither the body nor the page names one. */
const DEFAULT_LANGUAGE = 'de';

export function videoShareRoutes(deps: {
  auth: GuestAuth;
  share: VideoShare;
  countryHeader: string;
}): FastifyPluginAsync {
  return async (app) => {
    privateResponses(app);
    retryAfterOnRateLimit(app);
    route(app, videoShareEndpoints.sendVideoShareEmail).handle({
      authenticate: async (request) => (await deps.auth.requireGuest(request)).guestId,
      options: { bodyLimit: 4 * 1024 },
      handler: async ({ body, auth: guestId, request }) => {
        const page = LanguageSchema.safeParse(queryParam(request, 'lang'));
        const language = body.language ?? (page.success ? page.data : DEFAULT_LANGUAGE);
        return deps.share.send(
          guestId,
          { videoId: body.videoId, email: body.email, language, note: body.note },
          countryOf(request.headers, deps.countryHeader),
        );
      },
    });
  };
}
