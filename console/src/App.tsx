import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Provider } from 'urql';
import { createClient } from './client';
import { SignIn } from './components/session/SignIn';
import { Link, usePath } from './router';
import { NavLinks } from './components/ui/NavLinks';
import { fetchDevSession, loadSession, saveSession, sessionFetch, type Session } from './session';
import { Loading } from './components/ui/Loading';
import { OverviewPage } from './pages/Overview';
import { WebhooksPage } from './pages/Webhooks';
import { DeliveriesPage } from './pages/Deliveries';
import { TriggersPage } from './pages/Triggers';
import { EntitiesPage } from './pages/Entities';
import { AnalyticsPage } from './pages/Analytics';
import { EventTypesPage } from './pages/EventTypes';

// GraphiQL (and its editor) is a large chunk: it loads only when the GraphQL page opens.
const GraphQLPage = lazy(() => import('./pages/GraphQL'));

const NAV: Array<[string, string]> = [
  ['/webhooks', 'Webhooks'],
  ['/event-types', 'Event types'],
  ['/deliveries', 'Deliveries'],
  ['/triggers', 'Triggers'],
  ['/entities', 'Entities'],
  ['/analytics', 'Analytics'],
  ['/graphql', 'GraphQL'],
];

export function App() {
  const [session, setSession] = useState<Session | null>(() => loadSession());
  const [checkingDev, setCheckingDev] = useState(session === null);

  useEffect(() => {
    if (session) return;
    let live = true;
    fetchDevSession().then((dev) => {
      if (!live) return;
      if (dev) {
        saveSession(dev);
        setSession(dev);
      }
      setCheckingDev(false);
    });
    return () => {
      live = false;
    };
  }, [session]);

  const signIn = (s: Session | null) => {
    saveSession(s);
    setSession(s);
  };

  if (!session) {
    return checkingDev ? <Loading what="Signing in" /> : <SignIn onSignIn={signIn} />;
  }
  return <Shell session={session} onSignOut={() => signIn(null)} />;
}

function Shell({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  // One fetch per session for urql and GraphiQL alike, so a renewed development token serves both.
  const send = useMemo(() => sessionFetch({ session }), [session]);
  const client = useMemo(() => createClient(send), [send]);
  const { path } = usePath();
  const section = '/' + (path.split('/')[1] ?? '');
  useEffect(() => {
    const name = NAV.find(([p]) => p === section)?.[1] ?? 'Overview';
    document.title = `${name} · Hookgate console`;
  }, [section]);

  return (
    <Provider value={client}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <Link to="/" className="brand">
          Hookgate
        </Link>
        <NavLinks pages={NAV} current={section} />
        <span className="who">
          tenant <strong>{session.tenantId}</strong>
          {session.dev ? ' (development token)' : ''}
        </span>
        <button type="button" className="secondary" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Page section={section} session={session} send={send} />
      </main>
    </Provider>
  );
}

function Page({ section, session, send }: { section: string; session: Session; send: typeof fetch }) {
  switch (section) {
    case '/webhooks':
      return <WebhooksPage />;
    case '/event-types':
      return <EventTypesPage />;
    case '/deliveries':
      return <DeliveriesPage />;
    case '/triggers':
      return <TriggersPage />;
    case '/entities':
      return <EntitiesPage />;
    case '/analytics':
      return <AnalyticsPage />;
    case '/graphql':
      return (
        <Suspense fallback={<Loading what="Loading GraphiQL" />}>
          <GraphQLPage session={session} send={send} />
        </Suspense>
      );
    default:
      return <OverviewPage />;
  }
}
