/**
 * Lesson narration lookup. The texts live in the message catalog (src/ui/messages.ts: the
 * built-in lessons' step texts, questions, choices and explanations by scenario and step id);
 * a scenario's own `text` is the fallback (lessons written by teachers), or a catalog key when it
 * names one (`eviction/unknown`).
 */
import { type Narration, narrations } from './narrations';

export { lessonMessages } from '../messages';
export { type Narration, narrations } from './narrations';

/** The narration of a step: the catalog's, else the scenario's own words. */
export function narrationOf(
  scenario: string,
  step: { id: string; text: string; predict?: { question: string; choices: string[]; explanation: string } },
): Narration {
  const byKey = /^[a-z0-9-]+\/[a-z0-9-]+$/.test(step.text) ? lookup(step.text) : undefined;
  const own: Narration = { text: step.text };
  if (step.predict) {
    own.question = step.predict.question;
    own.choices = step.predict.choices;
    own.explanation = step.predict.explanation;
  }
  const found = byKey ?? narrations[scenario]?.[step.id];
  // The catalog only applies when it describes the same step (same number of choices).
  if (found && (found.choices?.length ?? 0) === (own.choices?.length ?? 0)) return found;
  return own;
}

function lookup(key: string): Narration | undefined {
  const [scenario = '', id = ''] = key.split('/');
  return narrations[scenario]?.[id];
}
