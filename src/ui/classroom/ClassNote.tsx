import { useState } from 'react';
import type { ClassRole } from '../../state/class-link';
import { useClassroomMessages } from './useClassroomMessages';
import './classroom.css';

/** A student's device, or the teacher's second screen: one line saying what this page is, dismissible. */
export function ClassNote({ role }: { role: ClassRole }) {
  const t = useClassroomMessages();
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <div className="class-note" role="status">
      <p>
        <span aria-hidden="true">▦ </span>
        {role === 'student' ? t.student : t.follower}
      </p>
      <button type="button" className="btn btn-small" onClick={() => setShown(false)}>
        {t.dismiss}
      </button>
    </div>
  );
}
