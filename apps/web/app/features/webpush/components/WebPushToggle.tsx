/**
 * The web push switch of the notifications menu (spec 7 `web-push/*`): one button that turns push
 * notifications on or off for this browser, and a line that says the state or what to do when push
 * cannot work here (unsupported browser, notifications blocked, an error). Renders nothing until the
 * browser has been asked (the server cannot know), so server and first client render agree.
 */
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useWebPush } from '../hooks/useWebPush.ts';
import { useWebPushT } from '../hooks/useWebPushT.ts';
import { webPushView } from '../webPushView.ts';
import '../webpush.css';

export function WebPushToggle() {
  const { lang, brandName } = useShell();
  const t = useWebPushT(lang);
  const { state, turnOn, turnOff } = useWebPush(lang);
  const view = webPushView(state, t, brandName);
  if (!view) return null;
  return (
    <section className="web-push" aria-label={t('title')} data-web-push={state.phase} aria-busy={state.busy}>
      {view.button ? (
        <button
          type="button"
          className="shell-button"
          disabled={view.button.disabled}
          data-web-push-action={view.button.action}
          onClick={() => void (view.button?.action === 'on' ? turnOn() : turnOff())}
        >
          {view.button.label}
        </button>
      ) : null}
      <p className="web-push__message" role="status">
        {view.message}
      </p>
    </section>
  );
}
