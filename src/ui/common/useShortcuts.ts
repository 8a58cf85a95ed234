import { useEffect } from 'react';
import { actions } from '../../state/bridge';
import { setPresent, settingsStore } from '../../state/settings';
import { simStore } from '../../state/store';
import { sliderFromSpeed, speedFromSlider } from '../header/Transport';
import { toggleTallTerminal } from '../terminal/size';
import { TERMINAL_INPUT_ID } from '../terminal/Terminal';
import { restoreMenuFocus } from './menu';

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** A field where keys are text (or choose an option): shortcuts stay out of it. */
export function typing(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable) return true;
  if (tag !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return TEXT_INPUTS.has(type) || type === 'checkbox' || type === 'radio' || type === 'file';
}

/**
 * Global keys for presenters: Space plays or pauses everywhere except in a text field (also on a
 * focused button: a presenter's Space must never click the last button they used), `.`, `/`,
 * `[` `]`, `+` `-`, `P` (presenter mode), `T` (a taller terminal), `?`, Escape.
 */
export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      const s = simStore.getState();
      if (ev.key === 'Escape') {
        if (s.shortcutsOpen) actions.toggleShortcuts(false);
        if (settingsStore.getState().gallery === 'dialog') settingsStore.setState({ gallery: 'closed' });
        if (s.menu) {
          actions.closeMenu();
          restoreMenuFocus();
        }
        return;
      }
      if (typing(ev.target)) return;
      // Inside a menu or a dialog, keys belong to it.
      if (ev.target instanceof HTMLElement && ev.target.closest('[role="menu"], [role="dialog"], [role="alertdialog"]'))
        return;
      switch (ev.key) {
        case ' ':
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
        case 'p':
        case 'P':
          setPresent(!settingsStore.getState().present);
          break;
        case '?':
          actions.toggleShortcuts();
          break;
        case 'c':
        case 'C':
          settingsStore.setState((st) => ({ stage: st.stage === 'chart' ? 'cluster' : 'chart' }));
          break;
        case 't':
        case 'T':
          // The workbench's terminal row (presenter mode has none).
          if (!settingsStore.getState().present) toggleTallTerminal();
          break;
      }
    };
    // Space on a focused button must not also click it: the keyup that would click is swallowed.
    const onKeyUp = (ev: KeyboardEvent) => {
      if (ev.key === ' ' && !typing(ev.target) && ev.target instanceof HTMLButtonElement) {
        if (!ev.target.closest('[role="menu"], [role="dialog"], [role="alertdialog"]')) ev.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, []);
}
