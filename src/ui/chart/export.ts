/**
 * The chart for slides: SVG and PNG at 1920x1080 (16:9). The live SVG is cloned with its computed
 * colours and fonts written into each element (the file must look the same without the page's
 * CSS), and placed under a title on a white 16:9 page, scaled to fit.
 */
import { saveBlob } from '../../state/save-blob';

const WIDTH = 1920;
const HEIGHT = 1080;
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-linejoin',
  // The cursor's time has a halo (a white stroke painted under its fill): without paint-order the
  // stroke covers the letters.
  'paint-order',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'visibility',
] as const;

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The chart as a standalone 16:9 SVG document (text), titled. */
export function chartSvgText(svg: SVGSVGElement, title: string): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const src = [svg, ...svg.querySelectorAll('*')];
  const dst = [clone, ...clone.querySelectorAll('*')];
  src.forEach((el, i) => {
    const d = dst[i];
    if (!d) return;
    const cs = getComputedStyle(el);
    const style = STYLE_PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    d.setAttribute('style', style);
    d.removeAttribute('class');
    d.removeAttribute('tabindex');
    d.removeAttribute('role');
  });
  const w = Number(svg.getAttribute('width'));
  const h = Number(svg.getAttribute('height'));
  const head = 90;
  const scale = Math.min((WIDTH - 80) / w, (HEIGHT - head - 40) / h);
  const x = (WIDTH - w * scale) / 2;
  clone.setAttribute('x', String(x));
  clone.setAttribute('y', String(head));
  clone.setAttribute('width', String(w * scale));
  clone.setAttribute('height', String(h * scale));
  clone.removeAttribute('aria-label');
  const inner = new XMLSerializer().serializeToString(clone);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="40" y="60" font-family="system-ui, sans-serif" font-size="40" font-weight="700" fill="#111418">${escapeXml(title)}</text>`,
    inner,
    '</svg>',
  ].join('');
}

export function fileStem(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `notready-${slug || 'run'}-chart`;
}

export function downloadSvg(svg: SVGSVGElement, title: string): void {
  saveBlob(new Blob([chartSvgText(svg, title)], { type: 'image/svg+xml' }), `${fileStem(title)}.svg`);
}

/** The same picture as PNG: the SVG drawn on a 1920x1080 canvas. */
export async function downloadPng(svg: SVGSVGElement, title: string): Promise<void> {
  const text = chartSvgText(svg, title);
  const img = new Image();
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the chart could not be drawn as an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas to draw on');
    ctx.drawImage(img, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the image could not be encoded');
    saveBlob(blob, `${fileStem(title)}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}
