/**
 * The ToyControl port (issue 18, decision 0052): what a real toy integration (a Lovense-style
 * cloud API that drives the performer's paired toy) implements, and the demo's simulated toy. It knows
 * nothing of live sessions: the live chat's toy actions use it now, issue 19's messenger will too.
 * Money and the action log are the toys service's (toys.service.ts), not the port's.
 */
import { type ToyState, toyStateAt, validToyCommand } from '@vela/domain/toy-control';

export interface ToyCommand {
  /** 1..20 (TOY_LEVEL_MIN..MAX). */
  level: number;
  durationMs: number;
  /** Who sent it (a guest's display name), for the performer's log. */
  by: string;
}

export type ToyCommandResult = { ok: true; state: ToyState } | { ok: false; reason: 'no-toy' | 'refused' };

export type ToyListener = (state: ToyState) => void;

export interface ToyControl {
  /** Runs a command on the performer's toy (a new command replaces the running one). */
  vibrate(actorId: number, command: ToyCommand): Promise<ToyCommandResult>;
  /** The toy's state now. */
  state(actorId: number): Promise<ToyState>;
  /** Hears every change of the toy (a command begins, the toy goes idle); returns the unsubscribe. */
  subscribe(actorId: number, listener: ToyListener): () => void;
}

export interface SimulatedToysOptions {
  /** Whether the performer has a registered toy (the toys table). */
  hasToy: (actorId: number) => Promise<boolean>;
  now?: () => number;
  /** A toy that refuses commands (tests: a lost connection to the toy); default none. */
  refuses?: (actorId: number) => boolean;
}

/**
 * The demo's toy per performer: idle, or vibrating at a level until a moment, going idle by itself
 * (a timer, unref'd). It says so to the listeners at each change, like a toy API's callback would.
 */
export function createSimulatedToys(options: SimulatedToysOptions): ToyControl & { close(): void } {
  const now = options.now ?? Date.now;
  const states = new Map<number, ToyState>();
  const timers = new Map<number, NodeJS.Timeout>();
  const listeners = new Map<number, Set<ToyListener>>();

  function tell(actorId: number, state: ToyState): void {
    for (const listener of listeners.get(actorId) ?? []) {
      try {
        listener(state);
      } catch {
        // A listener's failure is its own.
      }
    }
  }

  function current(actorId: number): ToyState {
    return toyStateAt(states.get(actorId) ?? { status: 'idle' }, now());
  }

  return {
    async vibrate(actorId, command) {
      if (!validToyCommand(command.level, command.durationMs)) return { ok: false, reason: 'refused' };
      if (!(await options.hasToy(actorId))) return { ok: false, reason: 'no-toy' };
      if (options.refuses?.(actorId)) return { ok: false, reason: 'refused' };
      const state: ToyState = {
        status: 'vibrating',
        level: command.level,
        until: now() + command.durationMs,
      };
      states.set(actorId, state);
      clearTimeout(timers.get(actorId));
      const timer = setTimeout(() => {
        timers.delete(actorId);
        states.set(actorId, { status: 'idle' });
        tell(actorId, { status: 'idle' });
      }, command.durationMs);
      timer.unref();
      timers.set(actorId, timer);
      tell(actorId, state);
      return { ok: true, state };
    },
    async state(actorId) {
      return current(actorId);
    },
    subscribe(actorId, listener) {
      const set = listeners.get(actorId) ?? new Set();
      listeners.set(actorId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(actorId);
      };
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
