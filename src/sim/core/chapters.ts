/**
 * Chapters: the named moments of a run ("kubelet stopped on node2", "node2 NotReady", "node2
 * tainted unreachable:NoExecute", "2 pods evicted from node2", "node2 Ready"), which the app shows
 * as timeline markers, a list to seek with, and a recap of who did what by which rule.
 *
 * They are recorded as things happen (story/watch.ts watches Node and Pod writes, commands/run.ts
 * adds the commands) into the state, as plain data: `snapshot()/restore()` keep them, and seeking
 * back shows exactly the chapters up to that moment. Nothing here traces or writes to the API, so
 * chapters never change a run's trace hash. Moments of the boot (t < 0) are not chapters.
 */

import { causeAt } from './cause-log';
import type { Writable } from './copy-on-write';
import type { Engine } from './engine';
import type { Cause, Chapter, StoredChapter, StoryState } from './state';

export type { Chapter, ChapterKind, StoredChapter, StoryState } from './state';

/** The story state, created on first use (snapshots taken before any chapter stay valid). */
export function storyState(e: Engine): StoryState {
  let s = e.state.story;
  if (!s) {
    s = { chapters: e.cow.adopt([]), replacementsSeen: e.cow.adopt({}) };
    e.state.story = s;
  }
  return s;
}

/**
 * The chapters as the live state's own list, to write. A snapshot shares the list and its
 * chapters (core/snapshot.ts keeps a copy of the story's two fields only): the first write after a
 * checkpoint copies the list once (Engine.cow), not every checkpoint the whole story.
 */
function writableChapters(e: Engine): StoredChapter[] {
  return e.cow.field(storyState(e) as Writable<StoryState>, 'chapters') as StoredChapter[];
}

/** The replacement pods whose Ready chapter is written, as the live state's own record (as above). */
export function writableReplacementsSeen(e: Engine): Record<string, true> {
  return e.cow.field(storyState(e) as Writable<StoryState>, 'replacementsSeen');
}

/** How many chapters there are (a mark to insert a command's chapter before what it caused). */
export function chapterCount(e: Engine): number {
  return e.state.story?.chapters.length ?? 0;
}

/**
 * Record a chapter now (`c.at` is set to the engine's time). Moments of the boot are dropped.
 * `before` (a chapterCount taken earlier at this same instant) puts it ahead of the chapters
 * recorded since: a command comes before the moments it caused at once.
 */
export function addChapter(e: Engine, c: Omit<StoredChapter, 'at'>, before?: number): void {
  if (e.now < 0) return;
  const list = writableChapters(e);
  const chapter = e.cow.adopt({ at: e.now, ...c });
  if (before === undefined || before >= list.length) list.push(chapter);
  else list.splice(before, 0, chapter);
}

/** Moments of one group this close together (ms) make one chapter: the pods of a node evicted at once, replacements Ready within the same second. */
export const GROUP_WINDOW_MS = 1000;

/**
 * Add one more moment to the chapter of `group` started less than GROUP_WINDOW_MS ago, or start
 * that chapter. `label` gets the count of moments so far and the group's chapter.
 */
export function addToGroup(
  e: Engine,
  group: string,
  first: Omit<StoredChapter, 'at' | 'group' | 'count'>,
  label: (count: number, first: StoredChapter) => string,
  before?: number,
  sameInstant = false,
): void {
  if (e.now < 0) return;
  const chapters = storyState(e).chapters;
  // Chapters are appended in time order: only the last ones can be the group's.
  for (let i = chapters.length - 1; i >= 0; i--) {
    const found = chapters[i] as StoredChapter;
    if (sameInstant ? e.now !== found.at : e.now - found.at >= GROUP_WINDOW_MS) break;
    if (found.group !== group) continue;
    // The chapter may be a snapshot's too: written as the live list's own copy.
    const c = e.cow.writable(found);
    writableChapters(e)[i] = c;
    c.count = (c.count ?? 1) + 1;
    if (first.node !== c.node) c.spread = true;
    if (sameInstant && first.node !== undefined && first.node !== c.node && !c.nodes?.includes(first.node))
      c.nodes = [...(c.nodes ?? (c.node === undefined ? [] : [c.node])), first.node];
    c.label = label(c.count, c);
    return;
  }
  const list = writableChapters(e);
  const chapter = e.cow.adopt({ at: e.now, ...first, group, count: 1 });
  if (before === undefined || before >= list.length) list.push(chapter);
  else list.splice(before, 0, chapter);
}

/**
 * The same moment on many nodes at one instant (a zone's network cut, its nodes NotReady in one
 * pass of the node lifecycle controller) is one chapter: `network cut to 100 nodes`, not a
 * hundred, listing them in `nodes`. The node's name in `first.label` stands for the count; a
 * moment with no node in its label stands alone. `before`: as for addChapter.
 */
export function addNodeMoment(e: Engine, kind: string, first: Omit<StoredChapter, 'at'>, before?: number): void {
  const node = first.node;
  if (!node || !first.label.includes(node)) {
    addChapter(e, first, before);
    return;
  }
  const template = first.label.replace(node, '\u0000');
  const group = `nodes|${kind}|${first.by ?? ''}|${first.actor ?? ''}|${first.rule ?? ''}|${template}`;
  addToGroup(e, group, first, (n, c) => (n === 1 ? c.label : template.replace('\u0000', `${n} nodes`)), before, true);
}

/** Every chapter up to now, in time order, as the public API gives them (copies). */
export function chapterList(e: Engine): Chapter[] {
  const list = e.state.story?.chapters ?? [];
  // A chapter about many nodes names none (the camera stays on the whole cluster), but lists them.
  return list.map(({ group: _g, count: _c, spread, node, nodes, ...c }) =>
    spread ? (nodes ? { ...c, nodes: [...nodes] } : c) : node === undefined ? c : { ...c, node },
  );
}

/** The cause of the write being watched: `Engine.put/remove` record it on the object's history first. */
export function writeCause(e: Engine, ref: string): Cause | undefined {
  const list = e.history(ref);
  const last = list?.[list.length - 1];
  return last && last.at === e.now ? causeAt(e.state.causes, last.cause) : undefined;
}

/**
 * `kubelet on node2` -> `kubelet`: the chapter names its node on its own. A part named after it
 * stays: `kubelet on node2 (shutdown manager)` -> `kubelet (shutdown manager)`.
 */
export function shortActor(actor: string): string {
  return actor.replace(/^(kubelet|systemd|user) on \S+( \([^()]+\))?$/, '$1$2');
}

/** The actor, rule and constant a chapter takes from the cause of its moment. */
export function fromCause(c: Cause | undefined): Pick<Chapter, 'actor' | 'rule' | 'constant'> {
  if (!c) return {};
  const out: Pick<Chapter, 'actor' | 'rule' | 'constant'> = { actor: shortActor(c.actor) };
  if (c.rule !== undefined) out.rule = c.rule;
  if (c.constant !== undefined) out.constant = c.constant;
  return out;
}

/** `node.kubernetes.io/unreachable` -> `unreachable` (the node lifecycle taints' short names). */
export function shortTaintKey(key: string): string {
  return key.startsWith('node.kubernetes.io/') ? key.slice('node.kubernetes.io/'.length) : key;
}
