/**
 * The lesson panel's strings (English, the source of the translations in src/ui/i18n) and the
 * narration lookup. Both load with the lesson panel, a chunk of its own. The built-in lessons'
 * step texts, questions, choices and explanations are in `narrations.ts` by scenario and step id;
 * a scenario's own `text` is the fallback (lessons written by teachers), or a catalog key when it
 * names one (`eviction/unknown`).
 */
import { type Narration, type NarrationTable, narrations } from './narrations';

export { type Narration, narrations } from './narrations';

/** Lesson panel strings. */
export const lessonMessages = {
  lesson: 'Lesson',
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  steps: 'Lesson steps',
  goToStep: (n: number, text: string) => `Step ${n}: ${text}`,
  next: 'Next',
  back: 'Back',
  skipAhead: 'Skip ahead',
  skipAheadHint: 'Play at full speed until this step’s event happens',
  restart: 'Restart lesson',
  waitingFor: 'Waiting for',
  waitingHint: 'Press Play (Space) and watch, or Skip ahead.',
  offScript:
    'You changed the cluster yourself, so the lesson no longer stops the clock. Restart it or pick a step to follow it again.',
  happenedAt: (t: string) => `Happened at ${t}`,
  notFound:
    'This has not happened in this run, so the lesson does not wait for it: Next (or Play) goes on, Back tries again.',
  predict: 'Predict',
  reveal: 'Reveal',
  showMe: 'Show me',
  showMeHint: 'Play (Space) also shows the answer; press it again to go on.',
  answerShown: (answer: string) => `The answer: ${answer}`,
  chooseFirst: 'Choose an answer first.',
  correct: 'Correct.',
  answerMark: 'answer',
  incorrect: (answer: string) => `Not quite. The answer: ${answer}`,
  freePlay: 'Free play',
  recap: 'Recap',
  freePlayText:
    'That was the last step. Here is what happened, who did it and which setting decided it. The cluster is yours now: break something else, or go Back.',
  recapCaption: 'What happened when',
  recapEmpty: 'Nothing happened in this run yet.',
  recapWhen: 'When',
  recapWhat: 'What happened',
  recapWho: 'Who did it',
  recapConstant: 'What decided it',
  you: 'you',
  theScenario: 'the scenario',
  copyStepLink: 'Copy link to this step',
  stepLinkCopied: 'Link to this step copied.',
} as const;

/** The narration of a step: the catalog's (the language's `table`), else the scenario's own words. */
export function narrationOf(
  scenario: string,
  step: { id: string; text: string; predict?: { question: string; choices: string[]; explanation: string } },
  table: NarrationTable = narrations,
): Narration {
  const byKey = /^[a-z0-9-]+\/[a-z0-9-]+$/.test(step.text) ? lookup(table, step.text) : undefined;
  const own: Narration = { text: step.text };
  if (step.predict) {
    own.question = step.predict.question;
    own.choices = step.predict.choices;
    own.explanation = step.predict.explanation;
  }
  const found = byKey ?? byName(table)[scenario]?.[step.id];
  // The catalog only applies when it describes the same step (same number of choices).
  if (found && (found.choices?.length ?? 0) === (own.choices?.length ?? 0)) return found;
  return own;
}

function lookup(table: NarrationTable, key: string): Narration | undefined {
  const [scenario = '', id = ''] = key.split('/');
  return byName(table)[scenario]?.[id];
}

/** The table by any name: a scenario (imported, written by a teacher) may be none of the built-ins. */
function byName(table: NarrationTable): Partial<Record<string, Partial<Record<string, Narration>>>> {
  return table;
}
