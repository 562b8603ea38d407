import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { matchPage, pageRoutes } from './app/routes';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Load the current page's code before hydrating, so hydration never waits on the network.
await matchPage(window.location.pathname)?.route.page.preload();

if (container.firstElementChild) {
  hydrateRoot(container, <App />);
} else {
  createRoot(container).render(<App />);
}

// The other pages are small: fetch them when the browser is idle so navigation is instant.
const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 2000));
window.addEventListener(
  'load',
  () => whenIdle(() => pageRoutes.forEach((route) => void route.page.preload())),
  {
    once: true,
  },
);
