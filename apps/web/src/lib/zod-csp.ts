import { z } from 'zod';

/**
 * Zod probes `new Function` to decide whether to compile fast parsers. Under the app's CSP
 * (script-src 'self', no 'unsafe-eval') the probe fails harmlessly but is still reported as a
 * violation, so the probe and the compiled parsers are switched off. Imported first by main.tsx:
 * schemas read this setting when they are built.
 */
z.config({ jitless: true });
