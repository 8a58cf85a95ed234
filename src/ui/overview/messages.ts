import { useTranslated } from '../i18n/store';

/** The overview's strings (a big cluster's zones, tiles and dots); translations in i18n/LANG/cloud.ts. */
export const overviewMessages = {
  loading: 'Drawing the overview…',
  /** While a big cluster starts (before 0): what is drawn, and when the run begins. */
  booting: (at: string) =>
    `The cluster is starting (${at}): machines boot and register, then pods are scheduled and start. The run begins at 0s.`,
  /** A big cluster's seek under way: the moment gone to is drawn from the run's history. */
  preview: (at: string) =>
    `${at} as the run recorded it: kubectl views and commands follow when the replay gets there.`,
  back: '← Back to overview',
  showing: (names: string[]) => `Card of ${names.join(', ')}; the rest of the cluster is in the overview.`,
  zoomIn: '+ Zoom in',
  zoomOut: '− Zoom out',
  whole: 'Whole cluster',
  showNode: 'Show node',
  show: 'Show card',
  unknownNode: (name: string) => (name ? `No machine named ${name} in this cluster.` : 'Type a node name first.'),
  canvasLabel: (nodes: number, pods: number) =>
    `Overview of ${nodes.toLocaleString('en')} machines and ${pods.toLocaleString('en')} pods by zone: the table above gives the same counts`,
  zonesCaption: (nodes: number, pods: number, unscheduled: number) =>
    `Zones: ${nodes.toLocaleString('en')} machines, ${pods.toLocaleString('en')} pods on them${unscheduled ? `, ${unscheduled.toLocaleString('en')} Pending with no node` : ''}`,
  zone: 'Zone',
  zoneState: 'Zone state',
  nodes: 'Nodes',
  tainted: 'Tainted NoExecute',
  noZone: 'no zone',
  /** A zone's counts above its tiles on the canvas. */
  zoneCounts: (ready: number, notReady: number, tainted: number) =>
    `${ready} Ready · ${notReady} NotReady · ${tainted} tainted NoExecute`,
  noNode: 'no Node',
  poweredOff: 'powered off',
  taintedNoExecute: 'tainted NoExecute',
  noPods: 'no pods',
  clickForCard: 'click for its card',
  podStates: {
    ready: 'Running',
    notReady: 'not ready',
    pending: 'Pending',
    terminating: 'Terminating',
    finished: 'finished',
  },
  pods: 'Pods',
  podColumns: {
    ready: 'Running',
    notReady: 'not ready',
    pending: 'Pending',
    terminating: 'Terminating',
    finished: 'finished',
  },
  legend: 'Legend',
  keyReady: 'Ready',
  keyNotReady: 'NotReady',
  keyTainted: 'tainted NoExecute (amber edge)',
  keyOff: 'powered off (dark foot)',
  keyPods: 'Pods: ● Running · ○ not ready · □ Pending · ✕ Terminating (shapes when zoomed in)',
} as const;

export function useOverviewMessages() {
  return useTranslated('overview', overviewMessages);
}
