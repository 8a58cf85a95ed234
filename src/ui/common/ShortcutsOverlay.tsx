import { useEffect, useRef } from 'react';
import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { useMessages } from '../i18n/hooks';
import { useDialogMessages } from './dialog-messages';
import { Modal } from './Modal';

/** The `?` overlay listing keyboard shortcuts. */
export function ShortcutsOverlay() {
  const t = useMessages();
  const d = useDialogMessages();
  const open = useSim((s) => s.shortcutsOpen);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <Modal onClose={() => actions.toggleShortcuts(false)} label={t.shortcuts}>
      <h2>{t.shortcuts}</h2>
      <table>
        <tbody>
          {d.shortcutList.map(([k, v]) => (
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
    </Modal>
  );
}
