import { useState, type FormEvent } from 'react';
import type { Session } from '../../session';
import { TextField } from '../ui/TextField';

/** Signing in by hand: a pasted token (a leading "Bearer " is dropped) and the tenant it acts for. */
export function SignIn({ onSignIn }: { onSignIn: (s: Session) => void }) {
  const [token, setToken] = useState('');
  const [tenant, setTenant] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSignIn({ token: token.trim().replace(/^Bearer\s+/i, ''), tenantId: tenant.trim() });
  };
  return (
    <main className="signin">
      <h1>Hookgate console</h1>
      <form onSubmit={submit} className="card">
        <TextField
          label="Token"
          multiline
          rows={4}
          required
          value={token}
          onChange={setToken}
          placeholder="A JWT with tenant:admin or admin"
          spellCheck={false}
        />
        <TextField label="Tenant" required value={tenant} onChange={setTenant} placeholder="demo" />
        <button type="submit">Sign in</button>
        <p className="muted">Kept in this tab only (sessionStorage): closing the tab signs you out.</p>
      </form>
    </main>
  );
}
