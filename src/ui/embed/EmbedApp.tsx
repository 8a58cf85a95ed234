import { LazyMotion, MotionConfig } from 'framer-motion';
import { useEffect, useState } from 'react';
import { Banner } from '../common/Banner';
import { LazyActionMenu } from '../common/LazyActionMenu';
import { useShortcuts } from '../common/useShortcuts';
import { ClusterGraph } from '../graph/ClusterGraph';
import { Transport } from '../header/Transport';
import { useMessages } from '../i18n/hooks';
import { LessonPanel } from '../lesson/LazyLessonPanel';
import { Timeline } from '../timeline/Timeline';
import './embed.css';

const loadFeatures = () => import('../motion-features').then((m) => m.default);

/** This page without `embed=1`: the full app, with the same run (the hash follows it). */
export function fullAppUrl(href: string): string {
  const u = new URL(href);
  u.searchParams.delete('embed');
  return u.href;
}

/** Keeps the "Open in NotReady" link on the run as it goes (the hash changes with it). */
function useFullAppUrl(): string {
  const [href, setHref] = useState(() => fullAppUrl(location.href));
  useEffect(() => {
    const update = () => setHref(fullAppUrl(location.href));
    const id = setInterval(update, 1000);
    window.addEventListener('hashchange', update);
    return () => {
      clearInterval(id);
      window.removeEventListener('hashchange', update);
    };
  }, []);
  return href;
}

/**
 * `?embed=1`, for iframes in slides: the graph at presenter type sizes, the transport and the
 * timeline, the components' menus, the active lesson step, and a link to the full app.
 */
export function EmbedApp() {
  const t = useMessages();
  useShortcuts();
  const href = useFullAppUrl();
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadFeatures} strict>
        <div className="app app-present embed">
          <header className="top top-present">
            <Transport compact />
            <a className="btn btn-small open-full" href={href} target="_blank" rel="noopener">
              {t.openInApp}
            </a>
          </header>
          <Timeline compact />
          <Banner />
          <div className="embed-body">
            <main className="embed-graph" aria-label={t.graphRegion}>
              <ClusterGraph toolbar={false} density="presenter" />
            </main>
          </div>
          <LessonPanel compact />
          <LazyActionMenu />
        </div>
      </LazyMotion>
    </MotionConfig>
  );
}

/** Is this page embedded (`?embed=1`)? */
export function isEmbed(search = location.search): boolean {
  const v = new URLSearchParams(search).get('embed');
  return v === '1' || v === 'true';
}
