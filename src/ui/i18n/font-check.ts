/**
 * Whether this machine can draw a language's script. Without a CJK font, Japanese and Korean
 * text is drawn as boxes ("tofu"), and a page that only shows them cannot even say why. Two
 * different characters of one script drawn the same means both are the missing-glyph box: a
 * real font draws them differently. Measured once per script on a small canvas.
 */
const SAMPLES: Partial<Record<string, [string, string]>> = { ja: ['日', '本'], ko: ['한', '국'] };
const known = new Map<string, boolean>();

function pixels(ctx: CanvasRenderingContext2D, ch: string): Uint8ClampedArray {
  ctx.clearRect(0, 0, 40, 40);
  ctx.fillText(ch, 4, 4);
  return ctx.getImageData(0, 0, 40, 40).data;
}

/** True when `lang`'s script has no font here (false when unknown, or nothing to check). */
export function scriptFontMissing(lang: string): boolean {
  const sample = SAMPLES[lang];
  if (!sample || typeof document === 'undefined') return false;
  const cached = known.get(lang);
  if (cached !== undefined) return cached;
  let missing = false;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 40;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (ctx) {
      ctx.font = `28px ${getComputedStyle(document.documentElement).fontFamily || 'sans-serif'}`;
      ctx.textBaseline = 'top';
      ctx.fillStyle = '#000';
      const a = pixels(ctx, sample[0]);
      const b = pixels(ctx, sample[1]);
      missing = a.length === b.length && a.every((v, i) => v === b[i]);
    }
  } catch {
    missing = false;
  }
  known.set(lang, missing);
  return missing;
}
