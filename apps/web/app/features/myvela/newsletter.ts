/**
 * Newsletter types of spec 3 as bit values (VIP club 1024, late night 512, VR porn 2048, contests
 * 256) and the spec 5 rule that a subscription succeeded only when the outer AND the inner success
 * are true.
 */
import { NEWSLETTER_TYPES, type NewsletterType } from '@vela/contracts/guest-api';

/** The order the profile lists the types in. */
export const NEWSLETTER_ORDER: readonly NewsletterType[] = ['vipClub', 'lateNight', 'vrPorn', 'contests'];

const ALL_BITS = Object.values(NEWSLETTER_TYPES).reduce((mask, bit) => mask | bit, 0);

export function hasNewsletter(mask: number, type: NewsletterType): boolean {
  const bit = NEWSLETTER_TYPES[type];
  return (mask & bit) === bit;
}

/** The mask with one type switched on or off; other bits stay as they are. */
export function withNewsletter(mask: number, type: NewsletterType, on: boolean): number {
  const bit = NEWSLETTER_TYPES[type];
  return on ? mask | bit : mask & ~bit;
}

function typeOfValue(value: unknown): NewsletterType | null {
  if (typeof value === 'string' && Object.hasOwn(NEWSLETTER_TYPES, value)) return value as NewsletterType;
  const bit = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  const entry = Object.entries(NEWSLETTER_TYPES).find(([, b]) => b === bit);
  return entry ? (entry[0] as NewsletterType) : null;
}

/**
 * The subscribed types as a bit mask, from what the server sends: a mask, a list of type ids (bit
 * values) or names, or a record of name -> boolean. Unknown bits and names are dropped.
 */
export function newsletterMask(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value & ALL_BITS;
  if (Array.isArray(value)) {
    return value.reduce<number>((mask, item) => {
      const raw = typeof item === 'object' && item !== null && 'typeId' in item ? item.typeId : item;
      const subscribed =
        typeof item === 'object' && item !== null && 'subscribed' in item ? item.subscribed === true : true;
      const type = typeOfValue(raw);
      return type && subscribed ? withNewsletter(mask, type, true) : mask;
    }, 0);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).reduce<number>((mask, [key, on]) => {
      const type = typeOfValue(key);
      return type && on === true ? withNewsletter(mask, type, true) : mask;
    }, 0);
  }
  return 0;
}

/** Spec 5: a newsletter (un)subscription succeeded only if the outer and the inner success are true. */
export function newsletterSucceeded(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const outer = (body as { success?: unknown }).success;
  const data = (body as { data?: unknown }).data;
  if (outer !== true || typeof data !== 'object' || data === null) return false;
  return (data as { success?: unknown }).success === true;
}
