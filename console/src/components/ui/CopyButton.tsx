import { useState } from 'react';

/**
 * A button that copies text and says so; falls back to selecting a textarea where the API is missing.
 * `name`, when several such buttons share one label, tells them apart for assistive technology.
 */
export function CopyButton({ text, label = 'Copy', name }: { text: string; label?: string; name?: string }) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const ta = document.createElement('textarea');
      ta.value = text;
      document.body.appendChild(ta);
      ta.select();
      document.execCommand('copy');
      ta.remove();
    }
    setDone(true);
    setTimeout(() => setDone(false), 1500);
  };
  return (
    <button type="button" className="secondary" onClick={copy} aria-label={name}>
      {done ? 'Copied' : label}
    </button>
  );
}
