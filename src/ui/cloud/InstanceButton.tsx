import type { NodeView } from '../../sim';
import { actions } from '../../state/bridge';
import { openMenuFrom } from '../common/menu';
import type { Density } from '../graph/card-metrics';
import { instanceLine } from './instance-line';
import { useCloudMessages } from './messages';

/**
 * A node card's cloud instance, on the first of its reserved problem lines: the instance's id and
 * state, a button that opens the cloud's menu (stop, start, terminate). Beside the host (the
 * card's title) and the API (the badge), the third truth: a running instance on a card saying "no
 * Node" is seed 002's zombie. It takes no room of its own, so a cloud card is as tall as any other
 * and the layout's sizes hold.
 */
export function InstanceButton(props: { node: string; instance: NonNullable<NodeView['instance']>; density: Density }) {
  const t = useCloudMessages();
  const line = instanceLine(props.instance, props.density, t);
  const label = t.instanceButton(props.node);
  // The name keeps the visible words (id and state), after the node it belongs to.
  const name = `${label} ${line.text.replace(/^☁ /, '')}`;
  return (
    <button
      type="button"
      className={`inst ${line.cls}`}
      aria-label={name}
      title={line.title}
      onClick={(ev) => {
        actions.select({ kind: 'node', name: props.node });
        openMenuFrom(ev, { kind: 'instance', node: props.node }, label);
      }}
    >
      {line.text}
    </button>
  );
}
