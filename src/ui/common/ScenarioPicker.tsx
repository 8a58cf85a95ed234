import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { shareStore } from '../../state/share';
import { useMessages } from '../i18n/hooks';

interface Entry {
  name: string;
  title: string;
}

function currentName(): string {
  return new URLSearchParams(location.search).get('scenario') ?? 'eviction';
}

/** Choose a built-in scenario (public/scenarios/index.json); switching reloads with ?scenario=NAME. */
export function ScenarioPicker() {
  const t = useMessages();
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
  // What runs may come from a link or a file rather than from ?scenario=.
  const source = useStore(shareStore, (s) => s.source);
  const current = source ? ('builtin' in source ? source.builtin : '') : currentName();
  if (entries.length === 0) return null;
  return (
    <select
      className="picker"
      aria-label={t.scenario}
      value={current}
      onChange={(e) => {
        const u = new URL(location.href);
        u.searchParams.set('scenario', e.target.value);
        u.hash = ''; // a share link in the hash would win over the chosen scenario
        location.assign(u.href);
      }}
    >
      {current === '' ? <option value="">{t.ownScenario}</option> : null}
      {entries.map((e) => (
        <option key={e.name} value={e.name}>
          {e.title}
        </option>
      ))}
    </select>
  );
}
