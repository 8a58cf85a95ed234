import { describeNodeLine, describePodLine, FIXED_VIEWS, selectedNode } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { KubectlView } from './KubectlView';

/** The live kubectl views: fixed ones, plus describe for the selected node and pod. */
export function KubectlPanel() {
  const node = useSim((s) => selectedNode(s.selection));
  const pod = useSim((s) => (s.selection?.kind === 'pod' && s.pods[s.selection.key]?.inApi ? s.selection : undefined));
  return (
    <div className="kpanel">
      {FIXED_VIEWS.map((l) => (
        <KubectlView key={l} line={l} />
      ))}
      {node ? <KubectlView line={describeNodeLine(node)} /> : null}
      {pod?.kind === 'pod' ? <KubectlView line={describePodLine(pod.name, pod.namespace)} /> : null}
    </div>
  );
}
