/**
 * Modals opened by id (spec 2): not reopened if the same id is shown; may lock page scroll; may
 * sit above the cookie banner. The stack is ordered by opening; the last one is on top.
 */

export const MODAL_IDS = [
  'conversion-chat',
  'vip30',
  'black-friday-2020',
  'avs',
  'tag-reward-basic',
  'tag-reward-pro',
  'tag-reward-advanced',
  'actor-gift-calendar',
  'not-enough-money',
  'lexykalender2022',
  'lexykalender2023',
  'video-with-player',
  'feed-signup',
  'sexole-login',
  'es-avs',
  'specialTopUp',
  'vxmodelsites-conversion',
  'five-days-bonus',
  'onboarding',
  'onboarding-choose',
  'fifteen-minutes-preview',
  'vxcoin-info',
  'modal-wrapper-example',
  'contest-like',
  'survey',
  'playlist-delete',
  'playlist-cancel-changes',
] as const;
export type ModalId = (typeof MODAL_IDS)[number];

export function isModalId(value: string): value is ModalId {
  return (MODAL_IDS as readonly string[]).includes(value);
}

export interface ModalOptions {
  lockScroll?: boolean;
  aboveCookieBanner?: boolean;
}

export interface ShownModal<Id extends string = ModalId> {
  id: Id;
  lockScroll: boolean;
  aboveCookieBanner: boolean;
}

export type ModalStack<Id extends string = ModalId> = readonly ShownModal<Id>[];

/** Opens a modal; an id already shown is left as it is (no duplicate, no reopening). */
export function openModal<Id extends string>(
  stack: ModalStack<Id>,
  id: Id,
  options: ModalOptions = {},
): ModalStack<Id> {
  if (stack.some((m) => m.id === id)) return stack;
  return [
    ...stack,
    { id, lockScroll: options.lockScroll ?? false, aboveCookieBanner: options.aboveCookieBanner ?? false },
  ];
}

export function closeModal<Id extends string>(stack: ModalStack<Id>, id: Id): ModalStack<Id> {
  return stack.some((m) => m.id === id) ? stack.filter((m) => m.id !== id) : stack;
}

export function topModal<Id extends string>(stack: ModalStack<Id>): ShownModal<Id> | null {
  return stack[stack.length - 1] ?? null;
}
