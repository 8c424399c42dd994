import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// ADR 087: the bare React page bench:web measures Konek against — a heading, a short form of labelled
// fields and a button, nothing else. Built by the repository's own Vite and React (bench/web.ts).

function Page() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 480, margin: '0 auto' }}>
      <h1>Check if fibre reaches your address</h1>
      <p>Tell us where you live and we will check in a moment.</p>
      <form onSubmit={(event) => event.preventDefault()}>
        {['Province', 'City', 'Barangay', 'Street'].map((name) => (
          <p key={name}>
            <label>
              {name} <input name={name.toLowerCase()} />
            </label>
          </p>
        ))}
        <button type="submit">Check my address</button>
      </form>
    </main>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
