/** Builder strings: they live in the message catalog (src/ui/messages.ts). */
export { builderMessages, SETTING_LABELS } from '../messages';
