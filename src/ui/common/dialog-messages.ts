/**
 * The strings of the dialogs loaded on demand (the welcome gallery, the shortcuts overlay, the
 * confirm dialog), in English: not part of the first load. Translations: `dialogs` in src/ui/i18n.
 */
import { useTranslated } from '../i18n/store';

export const dialogMessages = {
  shortcutList: [
    ['Space', 'Play or pause (anywhere but a text field)'],
    ['.', 'Step to the next change'],
    ['/', 'Focus the terminal'],
    ['[ and ]', 'Jump back / forward 30 seconds'],
    ['← →', 'On the timeline: 5 seconds back / forward'],
    ['→ or PageDown', 'Lesson: next step (or Play while the step waits)'],
    ['← or PageUp', 'Lesson: back a step'],
    ['B', 'Presenter mode: black screen (B or Escape to return)'],
    ['+ and -', 'Faster / slower'],
    ['P', 'Presenter mode on or off'],
    ['C', 'Cluster graph or space-time chart'],
    ['T', 'Terminal taller, or back'],
    ['Enter', 'Open the menu of the focused component'],
    ['Escape', 'Close a menu or this overlay'],
    ['?', 'Show or hide this overlay'],
  ] as const,
  dropsCommands: (n: number) =>
    `${n === 1 ? 'Your command in this run is' : `Your ${n} commands in this run are`} dropped. Copy link first to keep ${n === 1 ? 'it' : 'them'}.`,
  galleryBigStart:
    'The cluster takes a minute or more to start (its nodes boot and its pods start, drawn as they do), and a desktop browser with a few GB of memory.',
  welcomeText:
    'Each scenario is a small cluster and a failure from a real write-up. Start one, or close this and explore the cluster already running.',
  galleryNodeCount: (n: number) => n.toLocaleString('en-US'),
  galleryRestart: 'Start again',
  galleryExplore: 'Explore this one',
  resetTitle: 'Reset to the start?',
  openTitle: 'Start this scenario?',
  galleryHasLesson: 'guided lesson',
  welcome: 'Welcome to NotReady',
  galleryTitle: 'Scenarios',
  galleryProfile: 'Profile',
  galleryLength: 'Length',
  galleryLesson: 'Lesson',
  galleryNoLesson: 'none',
  galleryNodes: 'Nodes',
  galleryStart: 'Start',
};

export function useDialogMessages() {
  return useTranslated('dialogs', dialogMessages);
}
