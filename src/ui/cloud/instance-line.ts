/**
 * The third truth on a node card: its machine's cloud instance (scenarios with spec.cloud). Pure,
 * tested in Node. A state other than running is a problem the card shows in words and colour.
 */
import type { NodeView } from '../../sim';
import type { Density } from '../graph/card-metrics';
import type { Translation } from '../i18n/types';
import { cloudMessages } from './messages';

type Instance = NonNullable<NodeView['instance']>;

export interface InstanceLine {
  /** The visible words: `☁ i-25f6120d… running` (presenter: `☁ running`); the group is in the title. */
  text: string;
  /** The whole story for the title: id, state, group. */
  title: string;
  /** `inst-running`, `inst-pending`, `inst-stopped`... for colour (the words carry the state too). */
  cls: string;
}

/** `i-25f6120defbd81d9a` reads `i-25f6120d…`: enough to tell machines apart on a card. */
export function shortInstanceId(id: string): string {
  return id.length > 11 ? `${id.slice(0, 10)}…` : id;
}

/** `t`: the catalog in the language on screen (English by default). */
export function instanceLine(inst: Instance, density: Density, t: Translation['cloud'] = cloudMessages): InstanceLine {
  const state = t.states[inst.state];
  const title = t.instanceTitle(inst.id, state, inst.group);
  const cls = `inst-${inst.state}`;
  if (density === 'presenter') return { text: `☁ ${state}`, title, cls };
  return { text: `☁ ${shortInstanceId(inst.id)} ${state}`, title, cls };
}
