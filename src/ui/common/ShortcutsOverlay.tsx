import { useEffect, useRef } from 'react';
import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { messages as t } from '../messages';

/** The `?` overlay listing keyboard shortcuts. */
export function ShortcutsOverlay() {
  const open = useSim((s) => s.shortcutsOpen);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicking the backdrop closes; Escape is handled by the dialog
    <div className="overlay" onClick={() => actions.toggleShortcuts(false)} onKeyDown={() => {}} role="presentation">
      <div
        className="overlay-box"
        role="dialog"
        aria-modal="true"
        aria-label={t.shortcuts}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && actions.toggleShortcuts(false)}
      >
        <h2>{t.shortcuts}</h2>
        <table>
          <tbody>
            {t.shortcutList.map(([k, v]) => (
              <tr key={k}>
                <th scope="row">
                  <kbd>{k}</kbd>
                </th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="btn" ref={closeRef} onClick={() => actions.toggleShortcuts(false)}>
          {t.close}
        </button>
      </div>
    </div>
  );
}
