// First: the embedded signing page sets its hash route before the router reads it.
import './app/embedStart.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { i18nReady } from './shared/i18n/i18n.ts';
import { App } from './app/App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first screen renders once the shared translations of the language are there (never raw keys).
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
