import '../lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/tokens.css';
import '../ui/base.css';
import { OpsApp } from './ops-app';

// ADR 051: the operators' page (/ops/), its own build entry (ops.html): nothing of it is in the customer
// app's bundle, and nothing of the customer app is in it.

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <OpsApp />
    </StrictMode>,
  );
}
