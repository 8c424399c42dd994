import '../lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLocale, SOURCE_LOCALE } from '../i18n/i18n';
import '../ui/tokens.css';
import '../ui/base.css';
import { OpsApp } from './ops-app';

// ADR 051: the operators' page (/ops/), its own build entry (ops.html): nothing of it is in the customer
// app's bundle, and nothing of the customer app is in it. ADR 027, 088: its words are in the one message
// catalogue; the page renders once the locale's compiled catalogue (a chunk of its own) is loaded.

const root = document.getElementById('root');
if (root) {
  await activateLocale(SOURCE_LOCALE);
  createRoot(root).render(
    <StrictMode>
      <OpsApp />
    </StrictMode>,
  );
}
