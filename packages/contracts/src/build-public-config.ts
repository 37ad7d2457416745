/**
 * The page's public configuration as the server sends it, for the unit tests of the web app: the
 * local defaults (login on, no forced age check, no map tiles), changed by `overrides`.
 */
import type { PublicConfig } from './pages.ts';

export function buildPublicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    brandName: 'Vela',
    payOrigin: 'http://localhost:3001',
    publicOrigin: 'http://localhost:3000',
    loginEnabled: true,
    esAvsModalEnabled: false,
    forceAvs: false,
    adultMarketVariant: false,
    mapTileUrl: null,
    mapTileAttribution: '',
    ...overrides,
  };
}
