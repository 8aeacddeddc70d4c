import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** Pages under /console/portal are the portal for a tenant's customers: its own pages, its own links. */
export const PORTAL_MODE = /^\/console\/portal(?:\/|$)/.test(window.location.pathname);
/** A tiny history router: the console has eight pages and no nested routes. */
const BASE = PORTAL_MODE ? '/console/portal' : '/console';

function currentPath(): string {
  const p = window.location.pathname;
  const rest = p.startsWith(BASE) ? p.slice(BASE.length) : p;
  return rest === '' ? '/' : rest;
}

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => listeners.forEach((l) => l()));

export function navigate(to: string): void {
  window.history.pushState(null, '', BASE + to);
  listeners.forEach((l) => l());
}

export function usePath(): { path: string; search: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const l = () => setTick((t) => t + 1);
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
  return { path: currentPath(), search: new URLSearchParams(window.location.search) };
}

export function Link({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={BASE + to} onClick={onClick} {...rest} />;
}
