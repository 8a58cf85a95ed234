import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { openScenario } from '../../state/run-actions';
import { settingsStore } from '../../state/settings';
import { shareStore } from '../../state/share';
import { ChallengeList } from '../challenge/ChallengeList';
import { useDialogMessages } from '../common/dialog-messages';
import { InlineCode } from '../common/InlineCode';
import { Modal } from '../common/Modal';
import { formatTime } from '../common/time';
import { useMessages } from '../i18n/hooks';
import { useScenarioText } from '../i18n/store';

/** One entry of public/scenarios/index.json (fields beyond name and title may be missing in old files). */
export interface GalleryEntry {
  name: string;
  title: string;
  description?: string;
  duration?: number;
  profile?: string;
  nodes?: number;
  lesson?: boolean;
}

/** Above this many machines a scenario's start takes a minute or more: the card says so. */
const BIG_START_NODES = 1000;

let entries: Promise<GalleryEntry[]> | undefined;

/** The built-in scenarios, fetched once. */
export function loadGalleryEntries(): Promise<GalleryEntry[]> {
  entries ??= fetch(new URL('scenarios/index.json', document.baseURI))
    .then((r) => (r.ok ? r.json() : []))
    .then((list: unknown) =>
      Array.isArray(list)
        ? list.filter((e): e is GalleryEntry => typeof e?.name === 'string' && typeof e?.title === 'string')
        : [],
    )
    .catch(() => []);
  return entries;
}

export function useGalleryEntries(): GalleryEntry[] {
  const [list, setList] = useState<GalleryEntry[]>([]);
  useEffect(() => {
    let live = true;
    void loadGalleryEntries().then((l) => live && setList(l));
    return () => {
      live = false;
    };
  }, []);
  return list;
}

function Card({ e: entry, current, onOpen }: { e: GalleryEntry; current: boolean; onOpen: () => void }) {
  const d = useDialogMessages();
  const e = { ...entry, ...useScenarioText(entry.name) };
  return (
    <li className={`gallery-card${current ? ' is-current' : ''}`}>
      <h3>{e.title}</h3>
      {e.description ? (
        <p>
          <InlineCode text={e.description} />
        </p>
      ) : null}
      <dl className="gallery-meta">
        {e.duration ? (
          <div>
            <dt>{d.galleryLength}</dt>
            <dd>{formatTime(e.duration)}</dd>
          </div>
        ) : null}
        {e.profile ? (
          <div>
            <dt>{d.galleryProfile}</dt>
            <dd>{e.profile}</dd>
          </div>
        ) : null}
        {e.nodes ? (
          <div>
            <dt>{d.galleryNodes}</dt>
            <dd>{d.galleryNodeCount(e.nodes)}</dd>
          </div>
        ) : null}
        {e.lesson !== undefined ? (
          <div>
            <dt>{d.galleryLesson}</dt>
            <dd>{e.lesson ? d.galleryHasLesson : d.galleryNoLesson}</dd>
          </div>
        ) : null}
      </dl>
      {e.nodes && e.nodes > BIG_START_NODES ? <p className="gallery-note">{d.galleryBigStart}</p> : null}
      <button
        type="button"
        className="btn btn-primary"
        aria-label={`${current ? d.galleryRestart : d.galleryStart}: ${e.title}`}
        onClick={onOpen}
      >
        {current ? d.galleryRestart : d.galleryStart}
      </button>
    </li>
  );
}

/**
 * The scenario gallery: a card per built-in scenario with its whole title, what it shows, its
 * length, profile, size and whether it has a lesson. On a first visit it sits over the side
 * panel (the graph stays usable); from the header it is a dialog.
 */
export function Gallery() {
  const t = useMessages();
  const d = useDialogMessages();
  const mode = useStore(settingsStore, (s) => s.gallery);
  const list = useGalleryEntries();
  const source = useStore(shareStore, (s) => s.source);
  const current = source && 'builtin' in source ? source.builtin : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const close = () => settingsStore.setState({ gallery: 'closed' });
  useEffect(() => {
    if (mode === 'dialog') heading.current?.focus();
  }, [mode]);
  if (mode === 'closed') return null;
  const open = (name: string) => {
    close();
    openScenario(name);
  };
  const body = (
    <>
      <div className="gallery-head">
        <h2 ref={heading} tabIndex={-1}>
          {mode === 'welcome' ? d.welcome : d.galleryTitle}
        </h2>
        <button type="button" className="btn" onClick={close}>
          {mode === 'welcome' ? d.galleryExplore : t.close}
        </button>
      </div>
      {mode === 'welcome' ? <p className="gallery-intro">{d.welcomeText}</p> : null}
      <ul className="gallery-list">
        {list.map((e) => (
          <Card key={e.name} e={e} current={e.name === current} onOpen={() => open(e.name)} />
        ))}
      </ul>
      <ChallengeList onStart={close} />
    </>
  );
  if (mode === 'welcome')
    return (
      <section className="gallery gallery-welcome" aria-label={d.galleryTitle}>
        {body}
      </section>
    );
  return (
    <Modal onClose={close} className="gallery gallery-dialog" label={d.galleryTitle}>
      {body}
    </Modal>
  );
}
