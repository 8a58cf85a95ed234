import { type KeyboardEvent, useEffect, useRef } from 'react';
import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { useMessages } from '../i18n/hooks';
import { restoreMenuFocus } from './menu';

/**
 * A component's action menu (role menu). Items come from the engine's actions(target): each
 * issues exactly one command; unavailable ones stay visible, disabled, with the reason.
 */
export function ActionMenu() {
  const t = useMessages();
  const menu = useSim((s) => s.menu);
  const options = useSim((s) => (s.menuOptions?.requestId === s.menu?.requestId ? s.menuOptions?.options : undefined));
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!options) return;
    const first = ref.current?.querySelector<HTMLElement>('[role="menuitem"]');
    first?.focus();
  }, [options]);

  useEffect(() => {
    if (!menu) return;
    const onDown = (ev: PointerEvent) => {
      if (ref.current && !ref.current.contains(ev.target as Node)) actions.closeMenu();
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, [menu]);

  if (!menu) return null;

  const close = () => {
    actions.closeMenu();
    restoreMenuFocus();
  };

  const onKey = (ev: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (ev.key === 'Escape' || ev.key === 'Tab') {
      ev.preventDefault();
      close();
    } else if (ev.key === 'ArrowDown') {
      ev.preventDefault();
      items[(i + 1) % items.length]?.focus();
    } else if (ev.key === 'ArrowUp') {
      ev.preventDefault();
      items[(i - 1 + items.length) % items.length]?.focus();
    } else if (ev.key === 'Home') {
      ev.preventDefault();
      items[0]?.focus();
    } else if (ev.key === 'End') {
      ev.preventDefault();
      items[items.length - 1]?.focus();
    }
  };

  const left = Math.min(menu.x, window.innerWidth - 380);
  const top = Math.min(menu.y, window.innerHeight - 320);
  return (
    <div
      ref={ref}
      className="menu"
      role="menu"
      aria-label={menu.label}
      style={{ left: Math.max(8, left), top: Math.max(8, top) }}
      onKeyDown={onKey}
      tabIndex={-1}
    >
      <div className="menu-head" aria-hidden="true">
        {menu.label}
      </div>
      {!options ? (
        <div className="menu-note">{t.menuLoading}</div>
      ) : options.length === 0 ? (
        <div className="menu-note">{t.menuEmpty}</div>
      ) : (
        options.map((o) => {
          // The item's name is its label alone (the contract name); the command it issues, or why
          // it cannot apply now, is its description. The button is stretched over the whole row,
          // so the visible text inside the button is exactly its accessible name.
          const detail = `menu-detail-${o.label.replace(/\W+/g, '-')}`;
          return (
            <div key={o.label} role="none" className={`menu-item${o.disabledReason ? ' is-disabled' : ''}`}>
              <button
                type="button"
                role="menuitem"
                className="menu-label stretch"
                aria-disabled={o.disabledReason ? true : undefined}
                aria-describedby={detail}
                tabIndex={-1}
                onClick={() => {
                  if (o.disabledReason) return;
                  actions.command(o.command);
                  close();
                }}
              >
                {t.actionLabel(o.label)}
              </button>
              {o.disabledReason ? (
                <span className="menu-reason" id={detail}>
                  {t.actionReason(o.disabledReason)}
                </span>
              ) : (
                <code className="menu-cmd" id={detail}>
                  {o.command}
                </code>
              )}
            </div>
          );
        })
      )}
    </div>
  );
}
