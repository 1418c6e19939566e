// The home page's words are its content (/admin/pages/home), seeded by
// supabase/migrations/20261201150000_pages_as_content.sql.

/**
 * "Start Now" leads here on the platform host. A constant of its own: the
 * hook that builds the link runs in the browser, so it is no content.
 */
export const START_NOW_PATH = "/auth";
