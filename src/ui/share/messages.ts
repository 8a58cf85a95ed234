/** Sharing strings: they live in the message catalog (src/ui/messages.ts). */
export { shareMessages } from '../messages';
