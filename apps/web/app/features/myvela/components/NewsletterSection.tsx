/**
 * Newsletter types of spec 3 (bit values). Each checkbox subscribes or unsubscribes at once
 * (`guest/newsletter/subscribe` typeId, userId, emailAddress / `unsubscribe` typeId); spec 5: only
 * an answer whose outer and inner success are true counts, anything else puts the box back.
 */
import type { GuestMe, NewsletterType } from '@vela/contracts/guest-api';
import { useState } from 'react';
import { setNewsletter } from '../api/guestApi.ts';
import { errorCodeOf, errorText } from '../errors.ts';
import type { MyVelaT } from '../hooks/useMyVelaT.ts';
import { hasNewsletter, NEWSLETTER_ORDER, withNewsletter } from '../newsletter.ts';
import { FormStatus, type StatusMessage } from './FormStatus.tsx';
import { ProfileSection } from './ProfileSection.tsx';

interface NewsletterSectionProps {
  t: MyVelaT;
  guest: Pick<GuestMe, 'id' | 'email'>;
  initialMask: number;
  /** A type was (un)subscribed on the server. */
  onChanged: (type: NewsletterType, subscribed: boolean) => void;
}

const fieldId = (type: NewsletterType) => `newsletter-${type}`;

export function NewsletterSection({ t, guest, initialMask, onChanged }: NewsletterSectionProps) {
  const [mask, setMask] = useState(initialMask);
  const [pending, setPending] = useState<ReadonlySet<NewsletterType>>(new Set());
  const [status, setStatus] = useState<StatusMessage>(null);

  const toggle = async (type: NewsletterType, on: boolean) => {
    const name = t('newsletter.type', { type });
    setPending((current) => new Set(current).add(type));
    setMask((current) => withNewsletter(current, type, on));
    setStatus({ kind: 'info', text: t('newsletter.saving') });
    try {
      await setNewsletter(type, on, guest);
      setStatus({
        kind: 'success',
        text: t(on ? 'newsletter.subscribed' : 'newsletter.unsubscribed', { name }),
      });
      onChanged(type, on);
    } catch (error) {
      setMask((current) => withNewsletter(current, type, !on));
      setStatus({ kind: 'error', text: errorText(t, errorCodeOf(error)) });
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(type);
        return next;
      });
    }
  };

  return (
    <ProfileSection id="newsletter" title={t('newsletter.title')} intro={t('newsletter.intro')}>
      <fieldset className="myvela-fieldset" aria-describedby="newsletter-status">
        <legend className="visually-hidden">{t('newsletter.title')}</legend>
        {NEWSLETTER_ORDER.map((type) => {
          const busy = pending.has(type);
          return (
            <div className="myvela-check" key={type}>
              <input
                id={fieldId(type)}
                type="checkbox"
                name={type}
                checked={hasNewsletter(mask, type)}
                disabled={busy}
                aria-busy={busy}
                onChange={(e) => void toggle(type, e.target.checked)}
              />
              <label htmlFor={fieldId(type)}>{t('newsletter.type', { type })}</label>
              {busy ? <span className="myvela-spinner" aria-hidden="true" /> : null}
            </div>
          );
        })}
      </fieldset>
      <FormStatus id="newsletter-status" status={status} />
    </ProfileSection>
  );
}
