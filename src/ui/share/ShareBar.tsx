import { BuilderButton } from '../builder/BuilderButton';
import { AboutRun } from './AboutRun';
import { CopyLinkButton } from './CopyLinkButton';
import { ScenarioFileButtons } from './ScenarioFiles';
import './share.css';

/** Header actions for the run as a whole: share it, import or export it, build a new one. */
export function ShareBar() {
  return (
    <div className="share-bar">
      <CopyLinkButton />
      <ScenarioFileButtons />
      <BuilderButton />
      <AboutRun />
    </div>
  );
}
