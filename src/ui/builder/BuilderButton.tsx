import { lazy, Suspense, useState } from 'react';
import { useShareMessages } from '../i18n/hooks';

// The builder (and the scenario validator it uses) loads only when opened.
const ScenarioBuilder = lazy(() => import('./ScenarioBuilder'));

/** `Build a scenario`: opens the Scenario builder dialog. */
export function BuilderButton() {
  const t = useShareMessages();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span aria-hidden="true">+</span> {t.openBuilder}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ScenarioBuilder onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
