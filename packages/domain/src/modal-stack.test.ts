import { describe, expect, it } from 'vitest';
import { closeModal, isModalId, MODAL_IDS, openModal, topModal } from './modal-stack.ts';

describe('modals by id (spec 2)', () => {
  it('knows the 27 modal ids of the spec', () => {
    expect(MODAL_IDS).toHaveLength(27);
    expect(isModalId('vxcoin-info')).toBe(true);
    expect(isModalId('playlist-cancel-changes')).toBe(true);
    expect(isModalId('nope')).toBe(false);
  });

  it('a modal already shown is not reopened (no duplicate)', () => {
    const once = openModal([], 'vxcoin-info');
    const twice = openModal(once, 'vxcoin-info', { lockScroll: true });
    expect(twice).toBe(once);
    expect(twice).toHaveLength(1);
  });

  it('options default to no scroll lock and below the cookie banner', () => {
    expect(openModal([], 'vip30')[0]).toEqual({ id: 'vip30', lockScroll: false, aboveCookieBanner: false });
    expect(openModal([], 'avs', { lockScroll: true, aboveCookieBanner: true })[0]).toEqual({
      id: 'avs',
      lockScroll: true,
      aboveCookieBanner: true,
    });
  });

  it('the last opened modal is on top; closing removes only that id', () => {
    const stack = openModal(openModal([], 'vip30'), 'survey');
    expect(topModal(stack)?.id).toBe('survey');
    const closed = closeModal(stack, 'survey');
    expect(closed.map((m) => m.id)).toEqual(['vip30']);
    expect(closeModal(closed, 'survey')).toBe(closed);
    expect(topModal([])).toBeNull();
  });
});
