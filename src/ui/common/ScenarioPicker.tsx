import { useEffect, useState } from 'react';
import { messages as t } from '../messages';

interface Entry {
  name: string;
  title: string;
}

function currentName(): string {
  return new URLSearchParams(location.search).get('scenario') ?? 'eviction';
}

/** Choose a built-in scenario (public/scenarios/index.json); switching reloads with ?scenario=NAME. */
export function ScenarioPicker() {
  const [entries, setEntries] = useState<Entry[]>([]);
  useEffect(() => {
    fetch(new URL('scenarios/index.json', document.baseURI))
      .then((r) => (r.ok ? r.json() : []))
      .then((list: unknown) => {
        if (Array.isArray(list))
          setEntries(list.filter((e): e is Entry => typeof e?.name === 'string' && typeof e?.title === 'string'));
      })
      .catch(() => setEntries([]));
  }, []);
  if (entries.length === 0) return null;
  return (
    <select
      className="picker"
      aria-label={t.scenario}
      value={currentName()}
      onChange={(e) => {
        const u = new URL(location.href);
        u.searchParams.set('scenario', e.target.value);
        location.assign(u.href);
      }}
    >
      {entries.map((e) => (
        <option key={e.name} value={e.name}>
          {e.title}
        </option>
      ))}
    </select>
  );
}
