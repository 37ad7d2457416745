/**
 * Toy control (issue 18 deliverable 2, decision 0052): what a guest may make a performer's toy do and
 * what it costs. The levels are a Lovense-style scale 1..20; the chat offers a few presets, each with
 * a price in coins, charged through the ledger (kind `toy`, key `toy:<context>:<actionId>`).
 */
import { CENTS_PER_COIN } from './coins.ts';

export const TOY_LEVEL_MIN = 1;
export const TOY_LEVEL_MAX = 20;
/** The longest command a toy takes (ms). */
export const TOY_DURATION_MAX_MS = 60_000;

export const TOY_PRESETS = {
  soft: { level: 3, durationMs: 5_000, coins: 10 },
  medium: { level: 8, durationMs: 10_000, coins: 25 },
  strong: { level: 14, durationMs: 15_000, coins: 50 },
  max: { level: 20, durationMs: 20_000, coins: 100 },
} as const;
export type ToyPreset = keyof typeof TOY_PRESETS;
export const TOY_PRESET_NAMES = Object.keys(TOY_PRESETS) as ToyPreset[];

export const isToyPreset = (value: unknown): value is ToyPreset =>
  typeof value === 'string' && Object.hasOwn(TOY_PRESETS, value);

export const toyPresetCents = (preset: ToyPreset) => TOY_PRESETS[preset].coins * CENTS_PER_COIN;

/** The ledger key of a toy action in a context (a live session id, later a messenger conversation). */
export const toyKey = (context: string, actionId: string) => `toy:${context}:${actionId}`;

/** A toy's state at a moment: idle, or vibrating at a level until a time (epoch ms). */
export type ToyState = { status: 'idle' } | { status: 'vibrating'; level: number; until: number };

export function validToyCommand(level: number, durationMs: number): boolean {
  return (
    Number.isInteger(level) &&
    level >= TOY_LEVEL_MIN &&
    level <= TOY_LEVEL_MAX &&
    Number.isInteger(durationMs) &&
    durationMs > 0 &&
    durationMs <= TOY_DURATION_MAX_MS
  );
}

/** The state `state` shows at `now` (a vibration past its end is idle). */
export function toyStateAt(state: ToyState, now: number): ToyState {
  return state.status === 'vibrating' && state.until <= now ? { status: 'idle' } : state;
}
