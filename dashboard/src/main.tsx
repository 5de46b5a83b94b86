import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { whenIsolationSettled } from './crossOriginIsolation';
import './styles.css';

// Not before the service worker's first-visit reload: every request the app made would be aborted by it.
void whenIsolationSettled().then(() => createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>));
