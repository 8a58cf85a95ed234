/**
 * App entry: renders the shell and loads the scenario named in the URL (`?scenario=NAME`) or the
 * default built-in one, `eviction`.
 */
import '@xyflow/react/dist/base.css';
import './ui/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadBuiltIn } from './state/bridge';
import { App } from './ui/App';

const DEFAULT_SCENARIO = 'eviction';

const root = document.getElementById('root');
if (!root) throw new Error('NotReady: #root element is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

const name = new URLSearchParams(location.search).get('scenario') ?? DEFAULT_SCENARIO;
void loadBuiltIn(/^[a-z0-9-]{1,64}$/.test(name) ? name : DEFAULT_SCENARIO);
