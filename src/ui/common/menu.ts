/**
 * Opening a component's action menu from a click or the keyboard: anchors the menu under the
 * button and remembers the button so focus can return to it.
 */
import type { MouseEvent } from 'react';
import type { ActionTarget } from '../../sim';
import { actions } from '../../state/bridge';
import { lensStore } from '../../state/lens';

let returnFocus: HTMLElement | null = null;

export function openMenuFrom(ev: MouseEvent<HTMLElement>, target: ActionTarget, label: string): void {
  ev.stopPropagation();
  // Under the kubectl lens (a challenge) the menus stay shut: their items and reasons tell host truth.
  if (lensStore.getState().apiOnly) return;
  const el = ev.currentTarget;
  returnFocus = el;
  const r = el.getBoundingClientRect();
  actions.openMenu(target, label, r.left, r.bottom + 4);
}

export function restoreMenuFocus(): void {
  returnFocus?.focus();
  returnFocus = null;
}
