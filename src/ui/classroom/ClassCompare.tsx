import { classRole } from '../../state/classroom';
import { useClassroomMessages } from './useClassroomMessages';

/**
 * After a student reveals a prediction opened from a class link: how the class can compare
 * without a server (a show of hands per choice). Nothing on other pages.
 */
export function ClassCompare({ choices }: { choices: readonly string[] }) {
  const t = useClassroomMessages();
  if (classRole() !== 'student') return null;
  return (
    <div className="class-compare">
      <p>
        <strong>{t.compare}.</strong> {t.compareHow}
      </p>
      <ol type="A">
        {choices.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
    </div>
  );
}
