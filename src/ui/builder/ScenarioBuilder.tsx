import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatPath, validateScenario } from '../../sim/scenario/validate';
import { loadInlineRun } from '../../state/share-actions';
import { fieldDomId } from './Field';
import { failureChoices } from './failures';
import { type BuilderForm, defaultForm, type FieldErrors, fieldErrorsOf, immediateErrors, scenarioText } from './model';
import { GeneralSection, NodesSection, SettingsSection, TimelineSection, WorkloadsSection } from './Sections';
import { useBuilderMessages } from './useBuilderMessages';
import './builder.css';

let remembered: BuilderForm | undefined;

/** A scheduled step whose command names a node that was renamed or removed since. */
function staleSteps(form: BuilderForm, message: string): FieldErrors {
  const known = new Set(failureChoices(form).map((c) => c.command));
  const out: FieldErrors = {};
  form.timeline.forEach((s, i) => {
    if (s.run && !known.has(s.run)) out[`timeline.${i}.run`] = message;
  });
  return out;
}

/**
 * The Scenario builder dialog: nodes, workloads, profile and settings, then Start. Problems are
 * explained next to the field: the quick checks as the teacher types, then the scenario
 * validator's own errors (by path) when Start is pressed.
 */
export default function ScenarioBuilder({ onClose }: { onClose: () => void }) {
  const t = useBuilderMessages();
  const dialog = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<BuilderForm>(() => remembered ?? defaultForm());
  const [validatorErrors, setValidatorErrors] = useState<FieldErrors>({});
  const quick = useMemo(
    () => ({ ...immediateErrors(form, t.errors), ...staleSteps(form, t.errors.staleStep) }),
    [form, t],
  );
  const errors = { ...validatorErrors, ...quick };
  const count = Object.keys(errors).length;

  useEffect(() => {
    const d = dialog.current;
    // Removing the element closes it; closing in a cleanup would fire onClose under StrictMode.
    if (d && !d.open) d.showModal();
  }, []);

  const update = (f: (form: BuilderForm) => BuilderForm) => {
    setValidatorErrors({});
    setForm((prev) => {
      const next = f(prev);
      remembered = next;
      return next;
    });
  };

  const focusFirst = (errs: FieldErrors) => {
    const first = Object.keys(errs)[0];
    if (first) document.getElementById(fieldDomId(first === 'nodes' ? 'nodes.0.name' : first))?.focus();
  };

  const start = () => {
    if (Object.keys(quick).length) return focusFirst(quick);
    const text = scenarioText(form);
    // The engine's own validator (JSON needs no YAML parser): its errors name the path of the field.
    const parsed = validateScenario(JSON.parse(text));
    if (!parsed.ok) {
      const errs = fieldErrorsOf(parsed.raw.map((e) => ({ path: formatPath(e.keys), message: e.message })));
      setValidatorErrors(errs);
      return focusFirst(errs);
    }
    loadInlineRun(text);
    onClose();
  };

  // In document.body, not inside the header the button lives in (its styles would leak in).
  return createPortal(
    <dialog ref={dialog} className="builder" aria-labelledby="builder-heading" onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          start();
        }}
      >
        <header className="builder-head">
          <h2 id="builder-heading">{t.title}</h2>
          <p className="muted">{t.intro}</p>
        </header>
        <div className="builder-grid">
          <div>
            <GeneralSection form={form} errors={errors} update={update} />
            <NodesSection form={form} errors={errors} update={update} />
            <TimelineSection form={form} errors={errors} update={update} />
          </div>
          <div>
            <WorkloadsSection form={form} errors={errors} update={update} />
            <SettingsSection form={form} errors={errors} update={update} />
          </div>
        </div>
        {errors.form ? <p className="builder-error">{errors.form}</p> : null}
        <footer className="builder-foot">
          <p className="builder-count" role="status">
            {count ? (
              <>
                <span aria-hidden="true">✖ </span>
                {t.problems(count)}
              </>
            ) : null}
          </p>
          <button type="button" className="btn" onClick={() => dialog.current?.close()}>
            {t.cancel}
          </button>
          <button type="submit" className="btn btn-primary">
            {t.start}
          </button>
        </footer>
      </form>
    </dialog>,
    document.body,
  );
}
