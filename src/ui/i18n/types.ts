/**
 * The shape every language's catalog has: English's, with each literal widened to `string`, so
 * TypeScript refuses a translation that lacks a key, adds one, or gives a message other
 * parameters. Arrays keep their length (the legend's rows, the shortcuts).
 */

import type { BuiltinScenarioName } from '../../sim/scenario/builtins';
import type { builderMessages, SETTING_LABELS } from '../builder/labels';
import type { challengeMessages } from '../challenge/messages';
import type { chartMessages } from '../chart/messages';
import type { classroomMessages } from '../classroom/messages';
import type { cloudMessages } from '../cloud/messages';
import type { dialogMessages } from '../common/dialog-messages';
import type { lessonMessages } from '../lesson/messages';
import type { NarrationTable } from '../lesson/narrations';
import type { messages, shareMessages } from '../messages';
import type { overviewMessages } from '../overview/messages';

/** `'Play'` becomes string, `(n: number) => \`…\`` keeps its parameters and returns a string. */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends object
      ? { readonly [K in keyof T]: Widen<T[K]> }
      : T;

/** One language's catalog: every part, main bundle and lazy chunks alike (one chunk per language). */
export interface Translation {
  /** BCP 47 tag for numbers and dates in this language's messages. */
  locale: string;
  main: Widen<typeof messages>;
  share: Widen<typeof shareMessages>;
  /** The dialogs loaded on demand: the welcome gallery, the shortcuts overlay, the confirm dialog. */
  dialogs: Widen<typeof dialogMessages>;
  lesson: Widen<typeof lessonMessages>;
  builder: Widen<typeof builderMessages>;
  /** The builder's label for each setting; the upstream flag or field beside it is never translated. */
  settingLabels: { readonly [K in keyof typeof SETTING_LABELS]: string };
  chart: Widen<typeof chartMessages>;
  /** The simulated cloud on the cards and in Node groups. */
  cloud: Widen<typeof cloudMessages>;
  /** A big cluster's overview (a lazy chunk in English; its translation rides with the language's). */
  overview: Widen<typeof overviewMessages>;
  /** Class mode: the teacher's QR code and the student's notes. */
  classroom: Widen<typeof classroomMessages>;
  /** Challenge mode: the hidden fault, the answers, the score. */
  challenge: Widen<typeof challengeMessages>;
  narrations: NarrationTable;
  /** The built-in scenarios' titles and descriptions; English has them in public/scenarios/index.json. */
  scenarios: { readonly [S in BuiltinScenarioName]: { title: string; description: string } };
}

/** The parts components ask for by name. */
export type Part = Exclude<keyof Translation, 'locale' | 'scenarios'>;
