/**
 * App entry: renders the shell (or, with `?embed=1`, only the graph, transport and lesson step)
 * and opens the run in the URL: a share link in the hash, else the built-in scenario named by
 * `?scenario=NAME`, else the default one, `eviction`. The page speaks the language of `?lang=`,
 * the saved choice or the browser (src/state/language.ts); a language other than English is a
 * small chunk, loaded before the first render so a projector never flashes English first.
 */
import '@xyflow/react/dist/base.css';
import './ui/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './state/bridge';
import { CHALLENGE_COUNT, challengeInUrl } from './state/challenge-store';
import { classRole, followClass } from './state/classroom';
import { registerOffline } from './state/offline';
import { startApp } from './state/share-actions';
import { installTestHooks } from './state/test-hooks';
import { App } from './ui/App';
import { EmbedApp, isEmbed } from './ui/embed/EmbedApp';
import { startLanguage } from './ui/i18n/store';

const root = document.getElementById('root');
if (!root) throw new Error('NotReady: #root element is missing from index.html');
const el = root;

installTestHooks();
// The teacher's second screen (`?class=follow`) opens each moment the first one posts.
if (classRole() === 'follower') followClass();
// The engine starts at once; only the first render waits for the language's catalog.
// `?challenge=N` starts a new attempt at challenge N (its hidden moment is chosen now).
const challenge = challengeInUrl(location.search, CHALLENGE_COUNT);
void startApp(
  challenge === undefined ? undefined : () => import('./state/challenge').then((m) => m.startChallenge(challenge)),
);
void startLanguage().finally(() => {
  createRoot(el).render(<StrictMode>{isEmbed() ? <EmbedApp /> : <App />}</StrictMode>);
  // After the first render: the service worker for offline use (its code loads as a chunk of its own).
  registerOffline();
});
