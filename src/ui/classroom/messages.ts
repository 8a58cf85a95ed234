/**
 * Class mode's strings (English, the source of the translations in src/ui/i18n/<lang>/classroom.ts).
 * The button is in the main bundle; the panel with its QR code is a chunk of its own.
 */
export const classroomMessages = {
  classMode: 'Class mode',
  /** The workbench header's button: its visible text, part of its name (`Class mode`). */
  classModeShort: 'Class',
  classModeHint: 'Show a QR code of this moment: students open the same run on their own devices',
  panel: 'Class link',
  qrLabel: (moment: string) => `QR code of the class link (${moment})`,
  scan: 'Scan to open this moment on your device',
  momentStep: (n: number, total: number, time: string) => `Step ${n} of ${total} · ${time}`,
  momentTime: (time: string) => `At ${time}`,
  momentRecap: (time: string) => `Recap · ${time}`,
  follows: 'The code follows Next, the chapters and your commands.',
  private: 'Students answer on their own devices; nothing is sent anywhere.',
  copy: 'Copy class link',
  copied: 'Class link copied.',
  secondScreen: 'Open a second screen',
  secondScreenHint: 'A window of this browser that follows this one (for the projector)',
  smaller: 'Smaller code',
  smallerHint: 'Give the graph its room back; the code stays, smaller (press again for the large one)',
  close: 'End class mode',
  making: 'Making the code…',
  student:
    'You opened the class link: the teacher’s moment. Play, pause and try things: nothing you do reaches anyone else, and your answers stay on this device.',
  follower: 'This screen follows class mode in another window of this browser.',
  dismiss: 'Dismiss',
  compare: 'Compare with the class',
  compareHow: 'When the teacher reads out each choice, raise your hand for yours:',
} as const;
