// @vitest-environment happy-dom
/**
 * The pin buttons for a visitor (spec 6: favorites are logged-in only; spec 3 stored login action):
 * pressing one opens the login with the pin stored as onLoginAction (pinActor, pinAlbum, pinPicture,
 * pinSedcards with the item's id as targetId); a guest's button waits for the socket.
 */

import { cleanup, fireEvent, screen } from '@testing-library/react';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { ON_LOGIN_ACTION_STORAGE_KEY } from '@vela/contracts/payment-messages';
import { afterEach, describe, expect, it } from 'vitest';
import { openedFlow, renderWithDialog } from '../../payment-dialog/renderWithDialog.tsx';
import { PinAlbumButton, PinPictureButton, PinSedcardsButton } from './ItemPinButtons.tsx';
import { PinActorButton } from './PinActorButton.tsx';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const stored = () => JSON.parse(window.localStorage.getItem(ON_LOGIN_ACTION_STORAGE_KEY) ?? 'null');

describe('pin buttons for a visitor (spec 3 onLoginAction pin actor, album, picture, sedcards)', () => {
  it.each([
    ['album', <PinAlbumButton key="a" lang="en" albumId={31} />, 'Pin this album', 'pinAlbum', 31],
    [
      'picture',
      <PinPictureButton key="p" lang="en" pictureId={402} position={3} />,
      'Pin picture 3',
      'pinPicture',
      402,
    ],
    [
      'sedcards',
      <PinSedcardsButton key="s" lang="en" actorId={5} name="Lia" />,
      'Pin the sedcard of Lia',
      'pinSedcards',
      5,
    ],
    ['actor', <PinActorButton key="x" lang="en" actorId={7} />, 'Add to favorites', 'pinActor', 7],
  ])('%s: the login opens with the pin stored', async (_target, element, name, type, targetId) => {
    renderWithDialog(element, null);
    const button = screen.getByRole('button', { name });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(stored()).toEqual({ type, params: { targetId } });
    expect(await openedFlow()).toBe('login');
  });

  it('in German, the picture button names its picture', () => {
    renderWithDialog(<PinPictureButton lang="de" pictureId={402} position={3} />, null);
    expect(screen.getByRole('button', { name: 'Bild 3 merken' })).not.toBeNull();
  });

  it("a logged-in guest's button waits for the socket (no login, nothing stored)", () => {
    renderWithDialog(<PinAlbumButton lang="en" albumId={31} />, buildGuestMe({ name: 'Mara' }));
    const button = screen.getByRole('button', { name: 'Pin this album' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(stored()).toBeNull();
  });
});
