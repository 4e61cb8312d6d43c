// `npm start`: build what is missing or older than its sources, then run the compiled server in
// this very process. No loader, shell or second process sits between the process manager and the
// server: SIGTERM reaches the server's own shutdown (close-with-grace) directly.
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, ensureWebBuilt, serverEntry } from './ensure-built.mjs';

ensureWebBuilt();
await ensureServerBuilt();
await import(pathToFileURL(serverEntry('server')).href);
