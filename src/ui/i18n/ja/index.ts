import type { Translation } from '../types';
export const ja = {} as Translation;
