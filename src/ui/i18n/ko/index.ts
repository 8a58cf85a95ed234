/** 한국어: the whole catalog, one chunk (loaded only when the page speaks Korean). */
import type { Translation } from '../types';
import { challenge } from './challenge';
import { chart } from './chart';
import { classroom } from './classroom';
import { cloud, overview } from './cloud';
import { dialogs, main } from './main';
import { narrations } from './narrations';
import { builder, lesson, settingLabels, share } from './parts';
import { scenarios } from './scenarios';

export const ko: Translation = {
  locale: 'ko-KR',
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
