import type { Translation } from '../types';
export const ptBR = {} as Translation;
