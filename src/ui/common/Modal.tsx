import type { ReactNode } from 'react';

/**
 * A modal dialog over a dimmed page: clicking the backdrop or Escape closes it. `role` is
 * `alertdialog` for a question that needs an answer (named and described by ids then).
 */
export function Modal(props: {
  onClose: () => void;
  className?: string;
  role?: 'dialog' | 'alertdialog';
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicking the backdrop closes; Escape is handled by the dialog
    <div className="overlay" onClick={props.onClose} onKeyDown={() => {}} role="presentation">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the role is dialog or alertdialog (a prop) */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: dialog and alertdialog take aria-modal and labels */}
      <div
        className={`overlay-box${props.className ? ` ${props.className}` : ''}`}
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-label={props.label}
        aria-labelledby={props.labelledBy}
        aria-describedby={props.describedBy}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && props.onClose()}
      >
        {props.children}
      </div>
    </div>
  );
}
