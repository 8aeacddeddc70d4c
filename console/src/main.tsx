import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { PortalApp } from './portal/PortalApp';
import { PORTAL_MODE } from './router';
import './styles.css';

createRoot(document.getElementById('root')!).render(<StrictMode>{PORTAL_MODE ? <PortalApp /> : <App />}</StrictMode>);
