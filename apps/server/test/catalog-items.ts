/** Items of the operator catalog import (`POST /rest/v1/internal/catalog/actors`) the server tests send. */

/** A valid actor import item: the required fields, prices in every chat type, and `extra` on top. */
export function actorImportItem(name: string, avatarKey: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    gender: 'F',
    actorType: 'F',
    birthDate: '1995-04-12',
    aboutMe: { de: 'Hallo', en: 'Hello', nl: 'Hoi', es: 'Hola' },
    prices: {
      videoCents: 199,
      singleCents: 249,
      singlec2cCents: 299,
      voyeurCents: 99,
      messageCents: 49,
      multiChatCents: 149,
    },
    avatarKey,
    ...extra,
  };
}
