import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { matchPage, preloadPageOnIntent } from './app/routes';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = container;

function start() {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the page is already readable; this only wakes it up).
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, <App />));
  else createRoot(root).render(<App />);
  preloadPageOnIntent();
}

// The current page's code is loaded before hydrating, so hydration never waits on the network.
const currentPage = matchPage(window.location.pathname)?.route.page.preload();
if (currentPage) currentPage.then(start, start);
else start();
