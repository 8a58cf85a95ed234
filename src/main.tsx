// TEMPORARY placeholder entry: the app engineer replaces this with the real shell (src/ui).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Placeholder() {
  return (
    <main>
      <h1>NotReady</h1>
      <p>A Kubernetes failure playground that runs in your browser. The cluster view is on its way.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('NotReady: #root element is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
