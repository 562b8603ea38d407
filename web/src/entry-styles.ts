/**
 * Never loaded by a browser. The pages are rendered at build time only, so the browser's code no
 * longer imports them; this second entry of the build gives it the whole site's module graph, so
 * the one stylesheet (cssCodeSplit: false) holds every page's CSS, in the order the site imports it.
 */
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/global.css';
import './app/app';
