/** The toys module's answers (contracts live-interaction.ts). */
import type { ToyStateView } from '@vela/contracts/live-interaction';
import { coinsForEuroCents } from '@vela/domain/coins';
import { TOY_PRESET_NAMES, TOY_PRESETS, type ToyState, toyPresetCents } from '@vela/domain/toy-control';
import type { ToyActionRow } from './toys.repository.ts';

export const coins = (cents: number) => ({ value: coinsForEuroCents(cents), currency: 'VXC' as const });

export function toyStateView(actorId: number, state: ToyState): ToyStateView {
  return state.status === 'vibrating'
    ? { actorId, status: 'vibrating', level: state.level, until: new Date(state.until).toISOString() }
    : { actorId, status: 'idle', level: 0, until: null };
}

export const toyPresetsView = () =>
  TOY_PRESET_NAMES.map((preset) => ({
    preset,
    level: TOY_PRESETS[preset].level,
    durationMs: TOY_PRESETS[preset].durationMs,
    price: coins(toyPresetCents(preset)),
  }));

export const toyActionLogView = (row: ToyActionRow) => ({
  preset: row.preset as (typeof TOY_PRESET_NAMES)[number],
  level: row.level,
  durationMs: row.durationMs,
  status: row.status as 'done' | 'refunded',
  at: row.createdAt.toISOString(),
});
