import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchServiceStatus, type ServiceStatus } from './service-status';
import './styles.css';

function useServiceStatus(): ServiceStatus {
  const [status, setStatus] = useState<ServiceStatus>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetchServiceStatus(controller.signal).then(setStatus, () => {
      // Aborted on unmount: nothing to update.
    });
    return () => controller.abort();
  }, []);
  return status;
}

const statusText: Record<ServiceStatus, string> = {
  checking: 'checking…',
  ok: 'ok',
  maintenance: 'maintenance',
  unavailable: 'unavailable',
};

function Logo() {
  return (
    <svg className="logo" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" className="logo-tile" />
      <circle cx="23" cy="28" r="6" className="logo-mark" />
      <path d="M35 28h12" className="logo-stroke" />
      <path d="M20 42c7 7 17 7 24 0" className="logo-stroke" />
    </svg>
  );
}

function LandingPage() {
  const status = useServiceStatus();
  return (
    <>
      <header className="site-header">
        <div className="brand">
          <Logo />
          <span className="brand-name">Wink Health</span>
        </div>
      </header>
      <main className="hero" id="main">
        <h1>Wink Health</h1>
        <p className="tagline">A health-information community: trustworthy articles, collections and discussions.</p>
        <p className="status" role="status" data-status={status}>
          <span className="status-dot" aria-hidden="true" />
          Service status: {statusText[status]}
        </p>
      </main>
      <footer className="site-footer">
        <p>Health information here is not medical advice. In an emergency, call your local emergency number.</p>
      </footer>
    </>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <LandingPage />
  </StrictMode>,
);
