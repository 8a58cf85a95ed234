import { useEffect, useState } from 'react';
import { importFile } from '../../state/scenario-files';
import { useShareMessages } from '../i18n/hooks';

function hasFiles(ev: DragEvent): boolean {
  return Array.from(ev.dataTransfer?.types ?? []).includes('Files');
}

/** Drag a scenario file anywhere onto the page to import it; the page says so while dragging. */
export function DropZone() {
  const t = useShareMessages();
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (ev: DragEvent) => {
      if (!hasFiles(ev)) return;
      depth++;
      setOver(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overPage = (ev: DragEvent) => {
      if (hasFiles(ev)) ev.preventDefault();
    };
    const drop = (ev: DragEvent) => {
      if (!hasFiles(ev)) return;
      ev.preventDefault();
      depth = 0;
      setOver(false);
      const f = ev.dataTransfer?.files[0];
      if (f) void importFile(f);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overPage);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overPage);
      window.removeEventListener('drop', drop);
    };
  }, []);
  if (!over) return null;
  return (
    <div className="drop-zone" aria-hidden="true">
      <p>{t.dropHere}</p>
    </div>
  );
}
