/** `#rrggbb` only: anything else (a CSS expression, `url(…)`) never reaches a style. */
const HEX = /^#[0-9a-fA-F]{6}$/;

/** WCAG relative luminance of an sRGB colour `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The session's accent colour on the primary buttons and links, with black or white button text,
 * whichever reads better on it. Set through the CSS object model, which the page's policy allows
 * (style attributes in markup it refuses).
 */
export function applyAccent(color: string | null): void {
  if (!color || !HEX.test(color)) return;
  const root = document.documentElement.style;
  root.setProperty('--accent', color);
  // Contrast with white is 1.05 / (L + 0.05), with black (L + 0.05) / 0.05: equal at L ≈ 0.179.
  root.setProperty('--accent-text', luminance(color) > 0.179 ? '#000' : '#fff');
}
