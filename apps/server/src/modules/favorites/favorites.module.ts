/**
 * Pinning (spec 4 "Favorites", spec 7 socket pin/unpin messages; issue 6): a guest pins or unpins
 * an actor, album, sedcards or picture over the socket; every open page of the guest hears
 * `favoritePinned` / `favoriteUnpinned`. `favoriteRequestActors` answers the favorite models block
 * (50, online first) with how many of them are online; the snapshot carries the pinned actor ids
 * and the newest pinned albums, pictures and sedcards (the album page's pin buttons start from them).
 * A performer blocked in the socket's country (spec 6) cannot be pinned from there (403
 * ACTOR_BLOCKED_IN_COUNTRY; unpinning always works) and is left out of the list and the snapshot.
 */
import { type FavoriteActor, PINNED_ITEMS_SNAPSHOT } from '@vela/contracts/socket';
import { AppError } from '../../http/errors.ts';
import { assertOfferedIn, type Country } from '../../infra/country.ts';
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import { imageRef } from '../catalog/catalog.presenter.ts';
import { createCatalogReads } from '../catalog/catalog.service.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import type { SocketHandlers } from '../realtime/socket.types.ts';
import { createFavoritesRepository, type PinItemTarget } from './favorites.repository.ts';

const notFound = (what: string) => new AppError('NOT_FOUND', `No such ${what}`, 404);

/** The performer of an album or a picture, the gallery's (decision 0030); null when there is no such item. */
export type PerformerOfItem = (item: 'album' | 'picture', id: number) => Promise<number | null>;

export function createFavoritesModule(
  deps: FeatureModuleDeps & {
    /** Whose banned countries apply to a pinned album or picture (app.ts wires the gallery's). */
    performerOf: PerformerOfItem;
  },
): FeatureModule {
  // The actors' bans, names and pinned counts are the catalog's (decision 0030).
  const catalog = createCatalogReads(deps.db);
  const repository = createFavoritesRepository(deps.db, catalog.addPinnedIn);
  /** The banned countries of the performer of an album, picture or sedcard; null when there is no such item. */
  const itemBans = async (target: PinItemTarget, id: number): Promise<string[] | null> => {
    if (target === 'sedcards') return catalog.actorBans(id);
    const actorId = await deps.performerOf(target, id);
    return actorId === null ? null : catalog.actorBans(actorId);
  };
  /** Every page of the guest hears it, except those opened from a country the performer bans. */
  const announce = (
    guestId: number,
    pinned: boolean,
    target: 'actor' | PinItemTarget,
    id: number,
    bannedCountryCodes: readonly string[],
  ) =>
    publishToGuest(
      deps.bus,
      guestId,
      { type: pinned ? 'favoritePinned' : 'favoriteUnpinned', target, id },
      deps.log,
      { bannedCountryCodes },
    );

  async function pinActor(
    guestId: number,
    actorId: number,
    pinned: boolean,
    country: Country,
  ): Promise<undefined> {
    const banned = await catalog.actorBans(actorId);
    if (banned === null) throw notFound('actor');
    if (pinned) assertOfferedIn(banned, country);
    const changed = pinned
      ? await repository.pinActor(guestId, actorId)
      : await repository.unpinActor(guestId, actorId);
    // Repeating a pin changes nothing, but the page is still told its state.
    await announce(guestId, pinned, 'actor', actorId, banned);
    if (!changed) deps.log.info?.({ guestId, actorId, pinned }, 'pin unchanged');
    return undefined;
  }

  async function pinItem(
    target: PinItemTarget,
    guestId: number,
    id: number,
    pinned: boolean,
    country: Country,
  ): Promise<undefined> {
    const banned = await itemBans(target, id);
    if (banned === null) throw notFound(target === 'sedcards' ? 'actor' : target);
    if (pinned) assertOfferedIn(banned, country);
    if (pinned) await repository.pinItem(target, guestId, id);
    else await repository.unpinItem(target, guestId, id);
    await announce(guestId, pinned, target, id, banned);
    return undefined;
  }

  const socket: SocketHandlers = {
    pinActor: (c, m) => pinActor(c.guestId, m.actorId, true, c.country),
    unpinActor: (c, m) => pinActor(c.guestId, m.actorId, false, c.country),
    pinAlbum: (c, m) => pinItem('album', c.guestId, m.albumId, true, c.country),
    unpinAlbum: (c, m) => pinItem('album', c.guestId, m.albumId, false, c.country),
    pinPicture: (c, m) => pinItem('picture', c.guestId, m.pictureId, true, c.country),
    unpinPicture: (c, m) => pinItem('picture', c.guestId, m.pictureId, false, c.country),
    pinSedcards: (c, m) => pinItem('sedcards', c.guestId, m.actorId, true, c.country),
    unpinSedcards: (c, m) => pinItem('sedcards', c.guestId, m.actorId, false, c.country),
    async setPinnedActorNotification(context, message) {
      const banned = await catalog.actorBans(message.actorId);
      if (banned === null) throw notFound('pinned actor');
      assertOfferedIn(banned, context.country);
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
        { bannedCountryCodes: banned },
      );
      return undefined;
    },
    async favoriteRequestActors(context) {
      const [pins, counts] = await Promise.all([
        repository.favoriteActors(context.guestId, context.country),
        repository.favoriteCounts(context.guestId, context.country),
      ]);
      // One catalog read for the (at most 50) listed actors.
      const cards = await catalog.actorCards(pins.map((pin) => pin.id));
      const actors: FavoriteActor[] = pins.flatMap((pin) => {
        const card = cards.get(pin.id);
        if (!card) return [];
        return [
          {
            id: pin.id,
            name: card.name,
            isOnline: card.isOnline,
            avatar: imageRef(card.avatarKey, 16),
            notifyEmail: pin.notifyEmail,
            notifySms: pin.notifySms,
          },
        ];
      });
      return { type: 'favoriteActors', actors, onlineTotal: counts.online };
    },
  };

  return {
    socket,
    snapshot: async (guestId, country) => {
      const [pinnedActorIds, pinnedItems] = await Promise.all([
        repository.pinnedActorIds(guestId, country),
        repository.pinnedItemIds(guestId, country, PINNED_ITEMS_SNAPSHOT),
      ]);
      return { pinnedActorIds, pinnedItems };
    },
  };
}
