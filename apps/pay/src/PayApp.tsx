import { isPaymentFlow } from '@vela/contracts/payment';

/**
 * The payment dialog application, served on its own origin. Its views (login, signup, payment, avs, ...)
 * arrive with the guests and wallet issues; until then every flow reports that it is not available, so the
 * page never pretends to take money or credentials.
 */
export function PayApp({ search }: { search: string }) {
  const flow = new URLSearchParams(search).get('flow');
  const known = isPaymentFlow(flow);
  return (
    <main className="pay">
      <h1>Vela</h1>
      {flow === null ? (
        <p role="status">No payment flow was requested.</p>
      ) : known ? (
        <p role="status">
          The flow <code>{flow}</code> is not available yet.
        </p>
      ) : (
        <p role="alert">
          Unknown flow <code>{flow}</code>.
        </p>
      )}
    </main>
  );
}
