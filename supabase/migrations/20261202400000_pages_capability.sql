-- The site's pages (/admin/pages) are edited by admins and editors: the
-- `pages` capability of app/lib/roles.ts, which supabase/roles.test.ts
-- compares with these rows.
create or replace function private.role_rules()
returns table (capability text, role text)
language sql
immutable
set search_path = ''
as $$
  values
    ('people', 'admin'),
    ('inbox', 'admin'),
    ('analytics', 'admin'),
    ('settings', 'admin'),
    ('audit', 'admin'),
    ('posts', 'admin'),
    ('posts', 'editor'),
    ('posts', 'author'),
    ('all-posts', 'admin'),
    ('all-posts', 'editor'),
    ('pages', 'admin'),
    ('pages', 'editor'),
    ('newsletter', 'admin'),
    ('newsletter', 'editor'),
    ('jobs', 'admin'),
    ('jobs', 'hiring')
$$;
