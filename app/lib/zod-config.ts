import { z } from "zod";

// Zod compiles object parsers with Function() when it may, and probes for that
// when a schema is built; under this site's CSP (no 'unsafe-eval') the probe
// is reported as a violation in the browser. Interpreted parsers are plenty
// fast for forms. Every schema module imports this first, so the setting is in
// place before a schema is built, and pages without forms do not load zod.
z.config({ jitless: true });
