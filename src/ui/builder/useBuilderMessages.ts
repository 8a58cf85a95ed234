/** The builder's strings in the language on screen (English when none is loaded). */
import { useMemo } from 'react';
import { useTranslated } from '../i18n/store';
import { builderMessages, SETTING_LABELS } from './labels';

const ENGLISH_LABELS = Object.fromEntries(Object.entries(SETTING_LABELS).map(([k, [label]]) => [k, label])) as {
  [K in keyof typeof SETTING_LABELS]: string;
};

export function useBuilderMessages() {
  return useTranslated('builder', builderMessages);
}

/** Each setting's label in this language beside its upstream name, which stays as Kubernetes spells it. */
export function useSettingLabels(): typeof SETTING_LABELS {
  const labels = useTranslated('settingLabels', ENGLISH_LABELS);
  return useMemo(() => {
    const out = { ...SETTING_LABELS };
    for (const k of Object.keys(out) as (keyof typeof out)[]) out[k] = [labels[k], SETTING_LABELS[k][1]];
    return out;
  }, [labels]);
}
