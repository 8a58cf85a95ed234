import { useEffect, useState } from 'react';
import { typing } from '../common/useShortcuts';
import { useMessages } from '../i18n/hooks';

/**
 * B blacks out the projector (as in slide software), so the room looks at the teacher; B again,
 * Escape or a click brings the stage back. The clock is not touched.
 */
export function Blackout() {
  const t = useMessages();
  const [black, setBlack] = useState(false);
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
      if (ev.key === 'b' || ev.key === 'B') setBlack((b) => !b);
      else if (ev.key === 'Escape') setBlack(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!black) return null;
  return (
    // A button over everything: a click also brings the stage back; its name says how.
    <button type="button" className="blackout" aria-label={t.blackScreen} onClick={() => setBlack(false)} />
  );
}
