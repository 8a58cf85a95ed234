import type { NodeView } from '../../sim';
import { actions } from '../../state/bridge';
import { openMenuFrom } from '../common/menu';
import type { Density } from '../graph/card-metrics';
import { instanceLine } from './instance-line';
import { useCloudMessages } from './messages';

/**
 * A node card's cloud row: the machine's instance and its state, a button that opens the cloud's
 * menu (stop, start, terminate). Beside the host (the card's title) and the API (the badge), the
 * third truth: a running instance under a card saying "no Node" is seed 002's zombie.
 */
export function InstanceRow(props: {
  node: string;
  instance: NonNullable<NodeView['instance']>;
  density: Density;
  height: number;
}) {
  const t = useCloudMessages();
  const line = instanceLine(props.instance, props.density, t);
  const label = t.instanceButton(props.node);
  // The name keeps the visible words (id and state), after the node it belongs to.
  const name = `${label} ${line.text.replace(/^☁ /, '')}`;
  return (
    <div className="card-cloud" style={{ height: `${props.height}em` }}>
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
    </div>
  );
}
