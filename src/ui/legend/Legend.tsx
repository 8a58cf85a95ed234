import { useMessages } from '../i18n/hooks';

/** What every symbol and colour means (status is always also spelled out in text). */
export function Legend({ id }: { id?: string }) {
  const t = useMessages();
  return (
    <section id={id} className="legend" aria-label={t.legend}>
      <dl>
        {t.legendItems.map(([k, v]) => (
          <div key={k} className="legend-item">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
