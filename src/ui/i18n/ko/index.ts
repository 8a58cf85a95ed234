import type { Translation } from '../types';
export const ko = {} as Translation;
