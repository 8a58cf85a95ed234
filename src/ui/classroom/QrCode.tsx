import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code as one SVG path: dark modules on white, always (high contrast and dark themes must not
 * invert it: some phone readers refuse inverted codes), with the standard four-module quiet zone.
 * Error correction M (15%): a projected code loses contrast to glare more than it loses modules;
 * M keeps the code small enough (a built-in lesson's link is about version 11) for big modules.
 * `crispEdges` keeps module edges sharp when the size is not a whole number of pixels per module.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const qr = useMemo(() => encode(text, { ecc: 'M', border: 4 }), [text]);
  const path = useMemo(() => {
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return d;
  }, [qr]);
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      data-qr-version={qr.version}
      data-qr-modules={qr.size}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
