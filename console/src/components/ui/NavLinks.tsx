import { Link } from '../../router';

/** The main navigation: one link per page, the open one marked as the current page. */
export function NavLinks({ pages, current }: { pages: ReadonlyArray<readonly [string, string]>; current: string }) {
  return (
    <nav aria-label="Main">
      <ul>
        {pages.map(([to, label]) => (
          <li key={to}>
            <Link to={to} aria-current={current === to ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
