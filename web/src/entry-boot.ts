/** The boot script's entry (see app/boot/boot-page.ts): built by the prerender into an inline script. */
import { bootPage } from './app/boot/boot-page';

bootPage(document.currentScript as HTMLScriptElement, window);
