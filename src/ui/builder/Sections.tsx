import { PROFILES } from '../../sim/runtime';
import { errorProps, FieldError, fieldDomId } from './Field';
import { failureChoices } from './failures';
import {
  type BuilderForm,
  type BuilderNode,
  type BuilderStep,
  type BuilderWorkload,
  defaultSettingText,
  type FieldErrors,
  MAX_NODES,
  resizeNodes,
  SETTING_ORDER,
  type WorkloadKind,
} from './model';
import { useBuilderMessages, useSettingLabels } from './useBuilderMessages';

type Update = (f: (form: BuilderForm) => BuilderForm) => void;

interface SectionProps {
  form: BuilderForm;
  errors: FieldErrors;
  update: Update;
}

function setNode(form: BuilderForm, i: number, patch: Partial<BuilderNode>): BuilderForm {
  const before = form.nodes[i]?.name;
  const nodes = form.nodes.map((n, j) => (j === i ? { ...n, ...patch } : n));
  const after = nodes[i]?.name;
  // A renamed node takes its scheduled failures with it.
  const timeline =
    before && after && before !== after && !nodes.some((n, j) => j !== i && n.name === before)
      ? form.timeline.map((x) => ({ ...x, run: renameNode(x.run, before, after) }))
      : form.timeline;
  return { ...form, nodes, timeline };
}

/** `ssh node2 systemctl stop kubelet` with node2 renamed: the node's name is a whole word of the command. */
export function renameNode(command: string, from: string, to: string): string {
  return command
    .split(' ')
    .map((w) => (w === from ? to : w))
    .join(' ');
}

function setWorkload(form: BuilderForm, i: number, patch: Partial<BuilderWorkload>): BuilderForm {
  return { ...form, workloads: form.workloads.map((w, j) => (j === i ? { ...w, ...patch } : w)) };
}

/** How many nodes, and each node's name, role and zone. */
export function NodesSection({ form, errors, update }: SectionProps) {
  const t = useBuilderMessages();
  return (
    <fieldset className="builder-section" aria-describedby={errors.nodes ? `${fieldDomId('nodes')}-error` : undefined}>
      <legend>{t.nodes}</legend>
      <div className="builder-field inline">
        <label htmlFor="builder-node-count">{t.nodeCount}</label>
        <span id="builder-node-count-hint" className="muted builder-hint">
          {t.nodeCountHint}
        </span>
        <input
          id="builder-node-count"
          aria-describedby="builder-node-count-hint"
          type="number"
          min={1}
          max={MAX_NODES}
          value={form.nodes.length}
          onChange={(e) => update((f) => ({ ...f, nodes: resizeNodes(f.nodes, Number(e.target.value)) }))}
        />
      </div>
      <FieldError field="nodes" error={errors.nodes} />
      <table className="builder-table">
        <thead>
          <tr>
            <th scope="col">{t.columns.name}</th>
            <th scope="col">{t.columns.role}</th>
            <th scope="col">{t.columns.zone}</th>
          </tr>
        </thead>
        <tbody>
          {form.nodes.map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; names are being edited.
            <tr key={i}>
              <td>
                <input
                  {...errorProps(`nodes.${i}.name`, errors[`nodes.${i}.name`])}
                  aria-label={t.nodeName(i)}
                  value={n.name}
                  spellCheck={false}
                  onChange={(e) => update((f) => setNode(f, i, { name: e.target.value }))}
                />
                <FieldError field={`nodes.${i}.name`} error={errors[`nodes.${i}.name`]} />
              </td>
              <td>
                <select
                  {...errorProps(`nodes.${i}.role`, errors[`nodes.${i}.role`])}
                  aria-label={t.nodeRole(i)}
                  value={n.role}
                  onChange={(e) => update((f) => setNode(f, i, { role: e.target.value as BuilderNode['role'] }))}
                >
                  <option value="control-plane">{t.roleControlPlane}</option>
                  <option value="worker">{t.roleWorker}</option>
                </select>
              </td>
              <td>
                <input
                  {...errorProps(`nodes.${i}.zone`, errors[`nodes.${i}.zone`])}
                  aria-label={t.nodeZone(i)}
                  value={n.zone}
                  size={8}
                  spellCheck={false}
                  onChange={(e) => update((f) => setNode(f, i, { zone: e.target.value }))}
                />
                <FieldError field={`nodes.${i}.zone`} error={errors[`nodes.${i}.zone`]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}

/** Deployments, StatefulSets and DaemonSets with their replicas and image. */
export function WorkloadsSection({ form, errors, update }: SectionProps) {
  const t = useBuilderMessages();
  return (
    <fieldset className="builder-section">
      <legend>{t.workloads}</legend>
      <table className="builder-table">
        <thead>
          <tr>
            <th scope="col">{t.columns.kind}</th>
            <th scope="col">{t.columns.name}</th>
            <th scope="col">{t.columns.replicas}</th>
            <th scope="col">{t.columns.image}</th>
            <th scope="col">
              <span className="sr-only">{t.removeWorkload('')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {form.workloads.map((w, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; names are being edited.
            <tr key={i}>
              <td>
                <select
                  aria-label={t.kind(i)}
                  value={w.kind}
                  onChange={(e) => update((f) => setWorkload(f, i, { kind: e.target.value as WorkloadKind }))}
                >
                  <option>Deployment</option>
                  <option>StatefulSet</option>
                  <option>DaemonSet</option>
                </select>
              </td>
              {(['name', 'replicas', 'image'] as const).map((k) => {
                const field = `workloads.${i}.${k}`;
                const label = k === 'name' ? t.workloadName(i) : k === 'replicas' ? t.replicas(i) : t.image(i);
                if (k === 'replicas' && w.kind === 'DaemonSet')
                  return (
                    <td key={k} className="muted">
                      {t.onePerNode}
                    </td>
                  );
                return (
                  <td key={k}>
                    <input
                      {...errorProps(field, errors[field])}
                      aria-label={label}
                      value={w[k]}
                      size={k === 'replicas' ? 4 : k === 'image' ? 16 : 12}
                      inputMode={k === 'replicas' ? 'numeric' : undefined}
                      spellCheck={false}
                      onChange={(e) => update((f) => setWorkload(f, i, { [k]: e.target.value }))}
                    />
                    <FieldError field={field} error={errors[field]} />
                  </td>
                );
              })}
              <td>
                <button
                  type="button"
                  className="btn"
                  aria-label={t.removeWorkload(w.name || String(i + 1))}
                  onClick={() => update((f) => ({ ...f, workloads: f.workloads.filter((_, j) => j !== i) }))}
                >
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="btn"
        onClick={() =>
          update((f) => ({
            ...f,
            workloads: [
              ...f.workloads,
              { kind: 'Deployment', name: `app${f.workloads.length + 1}`, replicas: '2', image: 'nginx:1.27' },
            ],
          }))
        }
      >
        {t.addWorkload}
      </button>
    </fieldset>
  );
}

/** Every constant of the profile, as durations; empty keeps the default. */
export function SettingsSection({ form, errors, update }: SectionProps) {
  const t = useBuilderMessages();
  const labels = useSettingLabels();
  return (
    <fieldset className="builder-section">
      <legend>{t.settings}</legend>
      <p className="muted builder-hint">{t.settingsHint}</p>
      <div className="builder-settings">
        {SETTING_ORDER.map((key) => {
          const field = `settings.${key}`;
          const [label, upstream] = labels[key];
          const def = defaultSettingText(form.profile, key);
          return (
            <div className="builder-field" key={key}>
              <label htmlFor={fieldDomId(field)}>
                {label} <code className="muted">{upstream}</code>
              </label>
              <input
                {...errorProps(field, errors[field])}
                value={form.settings[key] ?? ''}
                placeholder={def}
                size={10}
                spellCheck={false}
                aria-description={t.defaultValue(def)}
                onChange={(e) =>
                  update((f) => {
                    const settings = { ...f.settings };
                    if (e.target.value.trim() === '') delete settings[key];
                    else settings[key] = e.target.value;
                    return { ...f, settings };
                  })
                }
              />
              <FieldError field={field} error={errors[field]} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Title, profile and seed. */
export function GeneralSection({ form, errors, update }: SectionProps) {
  const t = useBuilderMessages();
  return (
    <fieldset className="builder-section builder-general">
      <legend>{t.general}</legend>
      <div className="builder-field">
        <label htmlFor={fieldDomId('title')}>{t.name}</label>
        <input
          {...errorProps('title', errors.title)}
          value={form.title}
          onChange={(e) => update((f) => ({ ...f, title: e.target.value }))}
        />
        <FieldError field="title" error={errors.title} />
      </div>
      <div className="builder-field">
        <label htmlFor={fieldDomId('profile')}>{t.profile}</label>
        <select
          {...errorProps('profile', errors.profile)}
          value={form.profile}
          onChange={(e) => update((f) => ({ ...f, profile: e.target.value as BuilderForm['profile'] }))}
        >
          {(Object.keys(PROFILES) as (keyof typeof PROFILES)[]).map((p) => (
            <option key={p} value={p}>
              {t.profiles[p]}
            </option>
          ))}
        </select>
      </div>
      <div className="builder-field">
        <label htmlFor={fieldDomId('seed')}>{t.seed}</label>
        <input
          {...errorProps('seed', errors.seed)}
          value={form.seed}
          size={8}
          inputMode="numeric"
          onChange={(e) => update((f) => ({ ...f, seed: e.target.value }))}
        />
        <FieldError field="seed" error={errors.seed} />
      </div>
    </fieldset>
  );
}

function setStep(form: BuilderForm, i: number, patch: Partial<BuilderStep>): BuilderForm {
  return { ...form, timeline: form.timeline.map((x, j) => (j === i ? { ...x, ...patch } : x)) };
}

/** Failures to schedule: a time and a command chosen from the components' menus. */
export function TimelineSection({ form, errors, update }: SectionProps) {
  const t = useBuilderMessages();
  const choices = failureChoices(form);
  return (
    <fieldset className="builder-section">
      <legend>{t.timeline}</legend>
      <p className="muted builder-hint">{t.timelineHint}</p>
      {form.timeline.length ? (
        <table className="builder-table">
          <thead>
            <tr>
              <th scope="col">{t.columns.at}</th>
              <th scope="col">{t.columns.run}</th>
              <th scope="col">
                <span className="sr-only">{t.removeStep(0)}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {form.timeline.map((step, i) => {
              const known = choices.some((c) => c.command === step.run);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; times are being edited.
                <tr key={i}>
                  <td>
                    <input
                      {...errorProps(`timeline.${i}.at`, errors[`timeline.${i}.at`])}
                      aria-label={t.stepAt(i)}
                      value={step.at}
                      size={6}
                      spellCheck={false}
                      onChange={(e) => update((f) => setStep(f, i, { at: e.target.value }))}
                    />
                    <FieldError field={`timeline.${i}.at`} error={errors[`timeline.${i}.at`]} />
                  </td>
                  <td>
                    <select
                      {...errorProps(`timeline.${i}.run`, errors[`timeline.${i}.run`])}
                      aria-label={t.stepRun(i)}
                      value={known ? step.run : ''}
                      onChange={(e) => update((f) => setStep(f, i, { run: e.target.value }))}
                    >
                      {known ? null : <option value="">{t.chooseFailure}</option>}
                      {choices.map((c) => (
                        <option key={c.command} value={c.command}>
                          {t.failureLabel(c.label)}
                        </option>
                      ))}
                    </select>
                    <FieldError field={`timeline.${i}.run`} error={errors[`timeline.${i}.run`]} />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn"
                      aria-label={t.removeStep(i)}
                      onClick={() => update((f) => ({ ...f, timeline: f.timeline.filter((_, j) => j !== i) }))}
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <button
        type="button"
        className="btn"
        onClick={() =>
          update((f) => ({
            ...f,
            timeline: [
              ...f.timeline,
              { at: f.timeline.length ? '5m' : '30s', run: failureChoices(f)[0]?.command ?? '' },
            ],
          }))
        }
      >
        {t.addStep}
      </button>
      <div className="builder-field">
        <label htmlFor={fieldDomId('duration')}>{t.duration}</label>
        <input
          {...errorProps('duration', errors.duration)}
          value={form.duration}
          placeholder={t.durationDefault}
          size={8}
          spellCheck={false}
          onChange={(e) => update((f) => ({ ...f, duration: e.target.value }))}
        />
        <FieldError field="duration" error={errors.duration} />
      </div>
    </fieldset>
  );
}
