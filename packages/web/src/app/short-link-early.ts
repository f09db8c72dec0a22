/**
 * A short link's first script: the server answers /s/:code with short-link.html, index.html with
 * this script added (build/short-link-page.ts bundles it into one small classic script), so that
 * the code starts resolving before the app's script has arrived. Keep it small: a phone runs it
 * as soon as it has it.
 */
import { startEarlyResolution } from '../features/short-link/api/early-resolution';

startEarlyResolution(window.location.pathname);
