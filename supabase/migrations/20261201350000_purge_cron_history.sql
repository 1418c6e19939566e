-- pg_cron records every run in cron.job_run_details and never removes one:
-- with a job a minute that is about 1,440 rows a day. Keep a week, deleted
-- once a day. A database without pg_cron (the embedded one) has no history
-- to purge and skips this.
do $schedule$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule(
      'purge-cron-history',
      '43 3 * * *',
      $$delete from cron.job_run_details where end_time < now() - interval '7 days'$$
    );
  end if;
end;
$schedule$;
