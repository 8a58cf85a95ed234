import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { cancelPending, confirmPending, confirmStore } from '../../state/run-actions';
import { useMessages } from '../i18n/hooks';
import { useDialogMessages } from './dialog-messages';
import { Modal } from './Modal';

/** Asks before a Reset or a new scenario drops the user's commands (a copied link keeps them). */
export function ConfirmDialog() {
  const t = useMessages();
  const d = useDialogMessages();
  const pending = useStore(confirmStore, (s) => s.pending);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pending) cancel.current?.focus();
  }, [pending]);
  if (!pending) return null;
  const title = pending.kind === 'reset' ? d.resetTitle : d.openTitle;
  return (
    <Modal
      onClose={cancelPending}
      className="confirm"
      role="alertdialog"
      labelledBy="confirm-title"
      describedBy="confirm-body"
    >
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-body">{d.dropsCommands(pending.commands)}</p>
      <div className="confirm-actions">
        <button type="button" className="btn btn-primary" onClick={confirmPending}>
          {pending.kind === 'reset' ? t.reset : d.galleryStart}
        </button>
        <button type="button" className="btn" ref={cancel} onClick={cancelPending}>
          {t.cancel}
        </button>
      </div>
    </Modal>
  );
}
