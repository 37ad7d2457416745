import type { PaymentView } from '@vela/contracts/payment';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';

/**
 * The money views (payment, abo, vxabo, promocode, carrier, opcompensation): their title and the
 * guest's context, and a plain statement that this payment function is not available yet (the
 * wallet issue completes them). No form, no amounts: nothing here can charge.
 */
export function MoneyView({ view }: { view: Exclude<PaymentView, 'login' | 'signup' | 'avs' | 'wait'> }) {
  const { t, guest, flow, close } = useDialog();
  return (
    <ViewRoot view={view} screen={flow} title={t('viewTitle', { view })}>
      {guest ? <p className="context">{t('loggedInAs', { name: guest.name })}</p> : null}
      {view === 'opcompensation' ? <p className="intro">{t('opcompensationIntro')}</p> : null}
      <p className="notice" role="status" data-not-available="">
        {t('notAvailable')}
      </p>
      <button type="button" className="primary" onClick={close}>
        {t('close')}
      </button>
    </ViewRoot>
  );
}
