/**
 * Animated window scrolling (spec 9: 500 ms). While it runs, scroll events are programmatic: the
 * navbar listens to `onProgrammaticScrollEnd` to re-base instead of hiding or showing itself.
 */
import { SCROLL_TIMING, scrollProgress } from '@vela/domain/scroll-anchors';

let running: { cancel: () => void } | null = null;
const endListeners = new Set<() => void>();

export function isProgrammaticScroll(): boolean {
  return running !== null;
}

export function onProgrammaticScrollEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function finish(): void {
  running = null;
  for (const listener of endListeners) listener();
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Scrolls the window to `top` over 500 ms (instantly with reduced motion); a visitor's wheel or touch cancels it. */
export function animateScrollTo(top: number, duration: number = SCROLL_TIMING.animationMs): void {
  running?.cancel();
  const max = document.documentElement.scrollHeight - window.innerHeight;
  const target = Math.max(0, Math.min(Math.round(top), Math.max(0, max)));
  const from = window.scrollY;
  if (prefersReducedMotion() || duration <= 0 || from === target) {
    running = { cancel: () => {} };
    window.scrollTo({ top: target, left: 0, behavior: 'instant' });
    requestAnimationFrame(finish);
    return;
  }
  let frame = 0;
  let start: number | null = null;
  const stop = () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    finish();
  };
  running = { cancel: stop };
  window.addEventListener('wheel', stop, { passive: true, once: true });
  window.addEventListener('touchstart', stop, { passive: true, once: true });
  const step = (now: number) => {
    if (start === null) start = now;
    const progress = scrollProgress(now - start, duration);
    window.scrollTo({ top: from + (target - from) * progress, left: 0, behavior: 'instant' });
    if (progress < 1) frame = requestAnimationFrame(step);
    else stop();
  };
  frame = requestAnimationFrame(step);
}
