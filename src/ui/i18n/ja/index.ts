/** 日本語: the whole catalog, one chunk (loaded only when the page speaks Japanese). */
import type { Translation } from '../types';
import { challenge } from './challenge';
import { chart } from './chart';
import { classroom } from './classroom';
import { cloud, overview } from './cloud';
import { dialogs, main } from './main';
import { narrations } from './narrations';
import { builder, lesson, settingLabels, share } from './parts';
import { scenarios } from './scenarios';

export const ja: Translation = {
  locale: 'ja-JP',
  main,
  dialogs,
  share,
  lesson,
  builder,
  settingLabels,
  chart,
  cloud,
  overview,
  classroom,
  challenge,
  narrations,
  scenarios,
};
