/**
 * Modals opened by id (spec 2). `useModals().open(id, { lockScroll, aboveCookieBanner })` shows a
 * registered modal; an id already shown is not reopened (no duplicate, no remount).
 */
import { closeModal, type ModalOptions, type ModalStack, openModal } from '@vela/domain/modal-stack';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { isRegisteredModal, type RegisteredModalId } from '../registry.ts';

export interface ModalsApi {
  stack: ModalStack<RegisteredModalId>;
  open(id: RegisteredModalId, options?: ModalOptions): void;
  close(id: RegisteredModalId): void;
  isOpen(id: RegisteredModalId): boolean;
}

const ModalsContext = createContext<ModalsApi | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<ModalStack<RegisteredModalId>>([]);

  const open = useCallback((id: RegisteredModalId, options?: ModalOptions) => {
    if (!isRegisteredModal(id)) {
      const message = `Modal "${String(id)}" has no registered component`;
      if (import.meta.env.DEV) throw new Error(message);
      console.error(message);
      return;
    }
    setStack((current) => openModal(current, id, options));
  }, []);

  const close = useCallback((id: RegisteredModalId) => setStack((current) => closeModal(current, id)), []);

  const value = useMemo<ModalsApi>(
    () => ({ stack, open, close, isOpen: (id) => stack.some((m) => m.id === id) }),
    [stack, open, close],
  );
  return <ModalsContext.Provider value={value}>{children}</ModalsContext.Provider>;
}

export function useModals(): ModalsApi {
  const api = useContext(ModalsContext);
  if (!api) throw new Error('useModals must be used inside <AppShell>');
  return api;
}
