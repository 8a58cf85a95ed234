import { useStore } from 'zustand';
import { classStore, setTeaching } from '../../state/classroom';
import { useSim } from '../../state/hooks';
import { useClassroomMessages } from './useClassroomMessages';

/**
 * `Class mode` (aria-pressed): the QR code of this moment for students, and it follows the run.
 * `short`: the workbench header, full at 1366 px, shows `Class` (the name stays `Class mode`).
 */
export function ClassModeButton({ small = false, short = false }: { small?: boolean; short?: boolean }) {
  const t = useClassroomMessages();
  const on = useStore(classStore, (s) => s.teaching);
  const ready = useSim((s) => s.phase === 'ready');
  return (
    <button
      type="button"
      className={`btn${small ? ' btn-small' : ''}${on ? ' is-on' : ''}`}
      aria-pressed={on}
      disabled={!ready && !on}
      title={t.classModeHint}
      aria-label={short ? t.classMode : undefined}
      onClick={() => setTeaching(!on)}
    >
      {short ? t.classModeShort : t.classMode}
    </button>
  );
}
