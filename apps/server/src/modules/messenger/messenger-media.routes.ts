/**
 * The bought messenger picture (issue 19 deliverable 2) under `/media/messenger/<id>/w640.webp?t=`,
 * served only with a token signed for the caller (infra/signed-media.ts), only once bought, only to
 * the channel's guest, and only past the FSK-18 gate; any refusal is 403/404 with no image bytes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { type AgeGate, sendRefusal, sendRestricted } from '../../http/age-gate.ts';
import type { MediaSigner } from '../../infra/signed-media.ts';
import type { GuestAuth } from '../guests/auth.ts';
import {
  MESSENGER_MEDIA_ROUTE,
  MESSENGER_MEDIA_SIZE,
  type MessengerMediaService,
  messengerMediaResource,
} from './messenger-media.service.ts';

const NOT_FOUND = { code: 'NOT_FOUND', message: 'No such picture' };
const ID = /^[1-9]\d{0,17}$/;
const KEY = /^[a-z0-9][a-z0-9_-]{0,127}$/;

/** The bought picture, at the origin's root (beside the album pictures' signed route). */
export function messengerMediaFileRoutes(deps: {
  auth: GuestAuth;
  signer: MediaSigner;
  ageGate: AgeGate;
  media: MessengerMediaService;
  mediaDir: string;
}): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { mediaId: string; file: string }; Querystring: { t?: string } }>(
      MESSENGER_MEDIA_ROUTE,
      async (request, reply) => {
        const { mediaId: rawId, file } = request.params;
        if (!ID.test(rawId) || file !== `${MESSENGER_MEDIA_SIZE}.webp`)
          return sendRefusal(reply, request, 404, NOT_FOUND);
        const mediaId = Number(rawId);
        const caller = await deps.auth.authenticate(request).catch(() => null);
        const token = typeof request.query.t === 'string' ? request.query.t : undefined;
        const check = deps.signer.check(token, messengerMediaResource(mediaId), caller?.guestId ?? 0);
        if (check !== 'ok')
          return sendRefusal(reply, request, 403, {
            code: 'FORBIDDEN',
            message: 'This picture is served only through a URL signed for you',
            reason: check,
          });
        const row = await deps.media.fileOf(mediaId);
        if (!row || row.guestId !== caller?.guestId || row.kind !== 'photo' || !KEY.test(row.assetKey))
          return sendRefusal(reply, request, 404, NOT_FOUND);
        const reason = await deps.ageGate.restrictionFor(request, row.ageRating);
        if (reason) return sendRestricted(reply, request, reason);
        let bytes: Buffer;
        try {
          bytes = await readFile(path.join(deps.mediaDir, MESSENGER_MEDIA_SIZE, `${row.assetKey}.webp`));
        } catch {
          return sendRefusal(reply, request, 404, NOT_FOUND);
        }
        return reply
          .header('cache-control', 'private, no-cache')
          .header('vary', 'cookie')
          .type('image/webp')
          .send(bytes);
      },
    );
  };
}
