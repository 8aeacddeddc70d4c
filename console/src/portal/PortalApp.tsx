import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Provider } from 'urql';
import { createClient } from '../client';
import { Loading } from '../components/ui/Loading';
import { NavLinks } from '../components/ui/NavLinks';
import { DeliveriesPage } from '../pages/Deliveries';
import { EventTypesPage } from '../pages/EventTypes';
import { WebhooksPage } from '../pages/Webhooks';
import { usePath } from '../router';
import { applyAccent } from './accent';
import { PortalEntities } from './scope';
import {
  fetchPortalInfo,
  forgetPortalToken,
  PortalEnded,
  portalFetch,
  takePortalToken,
  type PortalInfo,
} from './session';
import './portal.css';

/** The portal's pages: a tenant's customer sees its webhooks, their deliveries and event types. */
const NAV: Array<[string, string]> = [
  ['/webhooks', 'Webhooks'],
  ['/deliveries', 'Deliveries'],
  ['/event-types', 'Event types'],
];

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; token: string; info: PortalInfo }
  | { kind: 'ended' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string };

/** The console in portal mode (every page under /console/portal): no sign-in, the session's scope only. */
export function PortalApp() {
  const [token] = useState(takePortalToken);
  const [state, setState] = useState<State>(token ? { kind: 'loading' } : { kind: 'missing' });
  const ended = useCallback(() => {
    forgetPortalToken();
    setState({ kind: 'ended' });
  }, []);

  useEffect(() => {
    document.documentElement.classList.add('portal-mode');
    if (!token) return;
    let live = true;
    fetchPortalInfo(token).then(
      (info) => {
        if (!live) return;
        applyAccent(info.accentColor);
        setState({ kind: 'ready', token, info });
      },
      (err: unknown) => {
        if (!live) return;
        if (err instanceof PortalEnded) ended();
        else setState({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [token, ended]);

  switch (state.kind) {
    case 'loading':
      return <Loading what="Opening the portal" />;
    case 'ready':
      return <PortalShell token={state.token} info={state.info} onEnded={ended} />;
    case 'ended':
      return (
        <Notice heading="This session has ended">
          The link you used has expired or was revoked. Open the portal again from the site that sent you here to get a
          new one.
        </Notice>
      );
    case 'missing':
      return (
        <Notice heading="No portal session">
          This page opens from a portal link (it ends in <code>#token=…</code>). Open it from the site that sent you
          here.
        </Notice>
      );
    case 'failed':
      return <Notice heading="The portal could not open">{state.message}</Notice>;
  }
}

function Notice({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <main id="main" className="portal-ended">
      <div role="alert" className="card">
        <h1>{heading}</h1>
        <p>{children}</p>
      </div>
    </main>
  );
}

function PortalShell({ token, info, onEnded }: { token: string; info: PortalInfo; onEnded: () => void }) {
  const send = useMemo(() => portalFetch(token, onEnded), [token, onEnded]);
  const client = useMemo(() => createClient(send), [send]);
  const { path } = usePath();
  const first = '/' + (path.split('/')[1] ?? '');
  const section = NAV.some(([p]) => p === first) ? first : '/webhooks';
  const heading = info.title ?? 'Webhook settings';
  useEffect(() => {
    const name = NAV.find(([p]) => p === section)?.[1] ?? 'Webhooks';
    document.title = `${name} · ${heading}`;
  }, [section, heading]);

  return (
    <Provider value={client}>
      <PortalEntities.Provider value={info.entityNames}>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="top portal-head">
          {/* Plain text: React escapes it, a title is never markup. */}
          <h1>{heading}</h1>
          <NavLinks pages={NAV} current={section} />
        </header>
        <main id="main" tabIndex={-1}>
          {section === '/deliveries' ? (
            <DeliveriesPage />
          ) : section === '/event-types' ? (
            <EventTypesPage />
          ) : (
            <WebhooksPage />
          )}
        </main>
      </PortalEntities.Provider>
    </Provider>
  );
}
