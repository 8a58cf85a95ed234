import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { type ClassMoment, classStore, followerUrl, setTeaching } from '../../state/classroom';
import { formatTime } from '../common/time';
import { QrCode } from './QrCode';
import { useClassroomMessages } from './useClassroomMessages';
import './classroom.css';

function useMomentText(m: ClassMoment | undefined): string {
  const t = useClassroomMessages();
  if (!m) return '';
  const time = formatTime(m.t);
  if (m.stepNumber !== undefined && m.steps !== undefined) return t.momentStep(m.stepNumber, m.steps, time);
  if (m.step === 'free-play') return t.momentRecap(time);
  return t.momentTime(time);
}

/** Copy the class link (for a chat or the LMS): a short confirmation, or the field stays selected to copy by hand. */
function CopyClassLink({ link }: { link: string }) {
  const t = useClassroomMessages();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(id);
  }, [copied]);
  return (
    <>
      <button
        type="button"
        className="btn btn-small"
        onClick={() =>
          void navigator.clipboard?.writeText(link).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {t.copy}
      </button>
      {copied ? (
        <span className="class-copied" role="status">
          ✔ {t.copied}
        </span>
      ) : null}
    </>
  );
}

/**
 * The teacher's class panel: the QR code of the current moment, what moment it is, the link as
 * text, and the ways out. `large` (presenter mode): the code takes the stage's height, so that a
 * phone can read it from the back of a room.
 */
export function ClassPanel({ large }: { large: boolean }) {
  const t = useClassroomMessages();
  // Presenter mode: the large code while the class scans, then a smaller one so the graph has room.
  const [small, setSmall] = useState(false);
  const { link, moment, error, revision } = useStore(classStore);
  const momentText = useMomentText(moment);
  return (
    <aside
      className={`class-panel${large ? ' class-large' : ''}${large && small ? ' class-small' : ''}`}
      aria-label={t.panel}
    >
      <div className="class-qr-box">
        {link ? (
          <QrCode text={link} label={t.qrLabel(momentText)} />
        ) : (
          <p className={error ? 'class-error' : 'muted'} role={error ? 'alert' : undefined}>
            {error ?? t.making}
          </p>
        )}
      </div>
      <div className="class-info">
        <p className="class-moment" aria-live="polite" data-revision={revision}>
          <strong>{momentText}</strong>
        </p>
        <p className="class-scan">{t.scan}</p>
        {link ? (
          <input className="class-link" readOnly value={link} aria-label={t.panel} onFocus={(e) => e.target.select()} />
        ) : null}
        <p className="class-hint muted">
          {t.follows} {t.private}
        </p>
        <div className="class-actions">
          {link ? <CopyClassLink link={link} /> : null}
          <button
            type="button"
            className="btn btn-small"
            title={t.secondScreenHint}
            disabled={!link}
            onClick={() => {
              const url = followerUrl();
              if (url) window.open(url, '_blank', 'noopener');
            }}
          >
            {t.secondScreen}
          </button>
          {large ? (
            <button
              type="button"
              className={`btn btn-small${small ? ' is-on' : ''}`}
              aria-pressed={small}
              title={t.smallerHint}
              onClick={() => setSmall(!small)}
            >
              {t.smaller}
            </button>
          ) : null}
          <button type="button" className="btn btn-small" onClick={() => setTeaching(false)}>
            {t.close}
          </button>
        </div>
      </div>
    </aside>
  );
}
