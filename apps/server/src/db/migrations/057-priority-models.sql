-- A workspace's own priority model beside its category model (decision 066): one row per workspace and
-- kind, each replaced by its training. `labels` holds what a model learnt (category keys or priorities).
alter table workspace_models add column kind text not null default 'category'
  check (kind in ('category', 'priority'));
alter table workspace_models alter column kind drop default;
alter table workspace_models drop constraint workspace_models_pkey;
alter table workspace_models add primary key (team_id, kind);
alter table workspace_models rename column categories to labels;

-- The priority corrections a workspace's members made, counted for its model's status and next training.
create index ticket_events_priority_corrections_idx on ticket_events ("teamId", created_at)
  where "type" = 'priority' and "actorType" = 'user';
