/**
 * Modal component registry: a spec 2 modal id maps to the component that renders it. Only
 * registered ids can be opened (typed by `RegisteredModalId`, checked at run time as well).
 */
import type { ModalId } from '@vela/domain/modal-stack';
import type { ReactNode } from 'react';
import {
  LazyPlaylistCancelChangesModal,
  LazyPlaylistDeleteModal,
} from '../mediathek/components/LazyPlaylistModals.tsx';
import { LazyVideoWithPlayerModal } from '../player/components/LazyVideoWithPlayerModal.tsx';
import { LazyNotEnoughMoneyModal } from '../purchase/components/LazyNotEnoughMoneyModal.tsx';
import { AdultMarketLoginModal } from './components/AdultMarketLoginModal.tsx';
import { AvsModal } from './components/AvsModal.tsx';
import { EsAvsModal } from './components/EsAvsModal.tsx';
import { VxcoinInfoModal } from './components/VxcoinInfoModal.tsx';

export interface ModalComponentProps {
  /** Id the component must give its heading (the dialog's aria-labelledby). */
  titleId: string;
  close(): void;
}
export type ModalComponent = (props: ModalComponentProps) => ReactNode;

export const MODAL_REGISTRY = {
  'vxcoin-info': VxcoinInfoModal,
  'es-avs': EsAvsModal,
  'sexole-login': AdultMarketLoginModal,
  avs: AvsModal,
  'video-with-player': LazyVideoWithPlayerModal,
  'not-enough-money': LazyNotEnoughMoneyModal,
  'playlist-delete': LazyPlaylistDeleteModal,
  'playlist-cancel-changes': LazyPlaylistCancelChangesModal,
} as const satisfies Partial<Record<ModalId, ModalComponent>>;

export type RegisteredModalId = keyof typeof MODAL_REGISTRY;

export function isRegisteredModal(id: string): id is RegisteredModalId {
  return Object.hasOwn(MODAL_REGISTRY, id);
}

/** Modals that must be answered: Escape and the backdrop do not close them. */
export const BLOCKING_MODALS: ReadonlySet<RegisteredModalId> = new Set<RegisteredModalId>(['es-avs']);
