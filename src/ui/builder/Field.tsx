import type { ReactNode } from 'react';

/** DOM id of a form field (`nodes.2.name` -> `builder-nodes-2-name`). */
export function fieldDomId(field: string): string {
  return `builder-${field.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

/** The problem with a field, shown right under it and tied to it with aria-describedby. */
export function FieldError({ field, error }: { field: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <span id={`${fieldDomId(field)}-error`} className="builder-error">
      <span aria-hidden="true">✖ </span>
      {error}
    </span>
  );
}

/** Props that tie an input to its error. */
export function errorProps(field: string, error: string | undefined) {
  return {
    id: fieldDomId(field),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${fieldDomId(field)}-error` : undefined,
  } as const;
}

export function LabeledField(props: {
  field: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div className="builder-field">
      <label htmlFor={fieldDomId(props.field)}>{props.label}</label>
      {props.children}
      {props.hint ? <span className="muted builder-hint">{props.hint}</span> : null}
      <FieldError field={props.field} error={props.error} />
    </div>
  );
}
