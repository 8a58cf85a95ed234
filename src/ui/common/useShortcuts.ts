import { useEffect } from 'react';
import { actions } from '../../state/bridge';
import { simStore } from '../../state/store';
import { TERMINAL_INPUT_ID } from '../terminal/Terminal';
import { sliderFromSpeed, speedFromSlider } from '../timeline/Transport';
import { restoreMenuFocus } from './menu';

function typing(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  const tag = el.tagName;
  return tag === 'TEXTAREA' || el.isContentEditable || (tag === 'INPUT' && (el as HTMLInputElement).type === 'text');
}

/** Global keys for presenters: space, `.`, `/`, `[` `]`, `+` `-`, `?`, Escape. */
export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      const s = simStore.getState();
      if (ev.key === 'Escape') {
        if (s.shortcutsOpen) actions.toggleShortcuts(false);
        if (s.menu) {
          actions.closeMenu();
          restoreMenuFocus();
        }
        return;
      }
      if (typing(ev.target)) return;
      const onControl = ev.target instanceof HTMLButtonElement || ev.target instanceof HTMLInputElement;
      switch (ev.key) {
        case ' ':
          if (onControl) return; // Space activates the focused control
          ev.preventDefault();
          actions.togglePlay();
          break;
        case '.':
          actions.step();
          break;
        case '/':
          ev.preventDefault();
          document.getElementById(TERMINAL_INPUT_ID)?.focus();
          break;
        case '[':
          actions.seek(Math.max(0, s.clock.now - 30_000));
          break;
        case ']':
          actions.seek(s.clock.now + 30_000);
          break;
        case '+':
        case '=':
          actions.setSpeed(speedFromSlider(Math.min(100, sliderFromSpeed(s.clock.speed) + 10)));
          break;
        case '-':
          actions.setSpeed(speedFromSlider(Math.max(0, sliderFromSpeed(s.clock.speed) - 10)));
          break;
        case '?':
          actions.toggleShortcuts();
          break;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
