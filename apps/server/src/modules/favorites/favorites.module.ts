/**
 * Pinning (spec 4 "Favorites", spec 7 socket pin/unpin messages; issue 6): a guest pins or unpins
 * an actor, album, sedcards or picture over the socket; every open page of the guest hears
 * `favoritePinned` / `favoriteUnpinned`. `favoriteRequestActors` answers the favorite models block
 * (50, online first) with how many of them are online; the snapshot carries the pinned actor ids.
 */
import type { FavoriteActor } from '@vela/contracts/socket';
import { AppError } from '../../http/errors.ts';
import { imageRef } from '../catalog/catalog.presenter.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { publishToGuest } from '../realtime/realtime.module.ts';
import type { SocketHandlers } from '../realtime/socket.types.ts';
import { createFavoritesRepository, type PinItemTarget } from './favorites.repository.ts';

const notFound = (what: string) => new AppError('NOT_FOUND', `No such ${what}`, 404);

export function createFavoritesModule(deps: FeatureModuleDeps): FeatureModule {
  const repository = createFavoritesRepository(deps.db);
  const announce = (guestId: number, pinned: boolean, target: 'actor' | PinItemTarget, id: number) =>
    publishToGuest(
      deps.bus,
      guestId,
      { type: pinned ? 'favoritePinned' : 'favoriteUnpinned', target, id },
      deps.log,
    );

  async function pinActor(guestId: number, actorId: number, pinned: boolean): Promise<undefined> {
    if (!(await repository.actorExists(actorId))) throw notFound('actor');
    const changed = pinned
      ? await repository.pinActor(guestId, actorId)
      : await repository.unpinActor(guestId, actorId);
    // Repeating a pin changes nothing, but the page is still told its state.
    await announce(guestId, pinned, 'actor', actorId);
    if (!changed) deps.log.info?.({ guestId, actorId, pinned }, 'pin unchanged');
    return undefined;
  }

  async function pinItem(
    target: PinItemTarget,
    guestId: number,
    id: number,
    pinned: boolean,
  ): Promise<undefined> {
    if (!(await repository.itemExists(target, id))) throw notFound(target === 'sedcards' ? 'actor' : target);
    if (pinned) await repository.pinItem(target, guestId, id);
    else await repository.unpinItem(target, guestId, id);
    await announce(guestId, pinned, target, id);
    return undefined;
  }

  const socket: SocketHandlers = {
    pinActor: (c, m) => pinActor(c.guestId, m.actorId, true),
    unpinActor: (c, m) => pinActor(c.guestId, m.actorId, false),
    pinAlbum: (c, m) => pinItem('album', c.guestId, m.albumId, true),
    unpinAlbum: (c, m) => pinItem('album', c.guestId, m.albumId, false),
    pinPicture: (c, m) => pinItem('picture', c.guestId, m.pictureId, true),
    unpinPicture: (c, m) => pinItem('picture', c.guestId, m.pictureId, false),
    pinSedcards: (c, m) => pinItem('sedcards', c.guestId, m.actorId, true),
    unpinSedcards: (c, m) => pinItem('sedcards', c.guestId, m.actorId, false),
    async setPinnedActorNotification(context, message) {
      const flags = await repository.setActorNotification(
        context.guestId,
        message.actorId,
        message.channel,
        message.enabled,
      );
      if (!flags) throw notFound('pinned actor');
      await publishToGuest(
        deps.bus,
        context.guestId,
        { type: 'pinnedActorNotification', actorId: message.actorId, ...flags },
        deps.log,
      );
      return undefined;
    },
    async favoriteRequestActors(context) {
      const [rows, counts] = await Promise.all([
        repository.favoriteActors(context.guestId),
        repository.favoriteCounts(context.guestId),
      ]);
      const actors: FavoriteActor[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        isOnline: row.isOnline,
        avatar: imageRef(row.avatarKey, 16),
        notifyEmail: row.notifyEmail,
        notifySms: row.notifySms,
      }));
      return { type: 'favoriteActors', actors, onlineTotal: counts.online };
    },
  };

  return {
    socket,
    snapshot: async (guestId) => ({ pinnedActorIds: await repository.pinnedActorIds(guestId) }),
  };
}
