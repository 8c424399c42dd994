import { markFirstPaint } from './first-paint';

// The classic script index.html runs first in <head> (ADR 041; built by build-plugins/prerender-pages.ts).
markFirstPaint();
