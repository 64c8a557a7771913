/**
 * A chart's canvas as a PNG, at the canvas's own pixel size, on `background` (a chart canvas is
 * transparent, and its text would vanish on a dark or checkered image viewer).
 */
export function canvasPng(canvas: HTMLCanvasElement, background: string): Promise<Blob> {
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = out.getContext('2d');
  if (!ctx) return Promise.reject(new Error('The browser could not draw the image'));
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  return new Promise((resolve, reject) => {
    out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The browser could not make the image'))), 'image/png');
  });
}
