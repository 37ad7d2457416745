/**
 * Modal component registry: a spec 2 modal id maps to the component that renders it. Only
 * registered ids can be opened (typed by `RegisteredModalId`, checked at run time as well).
 *
 * A modal that a first render does not need registers as `lazyModal(() => import(...))`: its code loads
 * when it first opens (decision 0035). `es-avs` stays in the shell: Spanish pages open it right after load.
 */
import type { ModalId } from '@vela/domain/modal-stack';
import type { ReactNode } from 'react';
import { LazyVideoWithPlayerModal } from '../player/components/LazyVideoWithPlayerModal.tsx';
import { EsAvsModal } from './components/EsAvsModal.tsx';
import { lazyModal } from './lazyModal.tsx';

export interface ModalComponentProps {
  /** Id the component must give its heading (the dialog's aria-labelledby). */
  titleId: string;
  close(): void;
}
export type ModalComponent = (props: ModalComponentProps) => ReactNode;

export const MODAL_REGISTRY = {
  'vxcoin-info': lazyModal(() => import('./components/VxcoinInfoModal.tsx').then((m) => m.VxcoinInfoModal), {
    focusFirstControl: true,
  }),
  'es-avs': EsAvsModal,
  'sexole-login': lazyModal(
    () => import('./components/AdultMarketLoginModal.tsx').then((m) => m.AdultMarketLoginModal),
    { focusFirstControl: true },
  ),
  avs: lazyModal(() => import('./components/AvsModal.tsx').then((m) => m.AvsModal), {
    focusFirstControl: true,
  }),
  'video-with-player': LazyVideoWithPlayerModal,
  'not-enough-money': lazyModal(() =>
    import('../purchase/components/NotEnoughMoneyModal.tsx').then((m) => m.default),
  ),
  'playlist-delete': lazyModal(() =>
    import('../mediathek/components/PlaylistConfirmModal.tsx').then((m) => m.PlaylistDeleteModal),
  ),
  'playlist-cancel-changes': lazyModal(() =>
    import('../mediathek/components/PlaylistConfirmModal.tsx').then((m) => m.PlaylistCancelChangesModal),
  ),
  'conversion-chat': lazyModal(() =>
    import('../conversion-chat/components/ConversionChatModal.tsx').then((m) => m.default),
  ),
} as const satisfies Partial<Record<ModalId, ModalComponent>>;

export type RegisteredModalId = keyof typeof MODAL_REGISTRY;

export function isRegisteredModal(id: string): id is RegisteredModalId {
  return Object.hasOwn(MODAL_REGISTRY, id);
}

/** Modals that must be answered: Escape and the backdrop do not close them. */
export const BLOCKING_MODALS: ReadonlySet<RegisteredModalId> = new Set<RegisteredModalId>(['es-avs']);
