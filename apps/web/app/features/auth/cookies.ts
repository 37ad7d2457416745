/** The forced-AVS cookie of the Spanish age-check modal (spec 6): set by "Yes", one year, SameSite=Lax. */
export const FORCED_AVS_COOKIE = 'vela_forced_avs';
export const FORCED_AVS_MAX_AGE_S = 365 * 24 * 60 * 60;

export function hasCookie(cookieHeader: string, name: string): boolean {
  return cookieHeader.split(';').some((part) => {
    const [key] = part.split('=', 1);
    return key?.trim() === name;
  });
}

export function forcedAvsCookie(secure: boolean): string {
  return `${FORCED_AVS_COOKIE}=1; Max-Age=${FORCED_AVS_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
