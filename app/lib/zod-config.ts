import { z } from "zod";

// Zod compiles object parsers with Function() when it may, and probes for that
// when a schema is built; under this site's CSP (no 'unsafe-eval') the probe
// is reported as a violation in the browser. Interpreted parsers are plenty
// fast for forms. Imported first by root.tsx, before any schema module runs.
z.config({ jitless: true });
