-- The `sla` column of `report_rows` now names the policy in force and holds one number per target (decision
-- 069, session 16: SLA achievement per policy, counted in SQL; report-store.ts). Rows written before hold the
-- old shape: they go, and the next report measures those tickets again from their events, as after a policy
-- change. `report_rows` comes with 061, after this file in name order: a database made from scratch has none
-- yet, and one upgraded has 061 applied already.
do $$
begin
  if to_regclass('report_rows') is not null then
    delete from report_rows;
  end if;
end $$;
