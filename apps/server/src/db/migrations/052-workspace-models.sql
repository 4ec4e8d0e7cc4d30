-- A workspace's own category model, learnt from its members' corrections (decision 059). One row per
-- workspace, replaced by each training; `in_use` only while it beat the shipped model on the workspace's
-- most recent tickets. `version` names the training, so a process keeps the decoded model until it changes.
create table workspace_models (
  team_id text primary key references teams (id) on delete cascade,
  version text not null,
  model jsonb not null,
  in_use boolean not null,
  trained_at timestamptz not null default now(),
  corrections_at_training integer not null,
  examples integer not null,
  held_out integer not null,
  shipped_accuracy real not null,
  workspace_accuracy real not null,
  categories text[] not null
);

-- The corrections a workspace's members made, counted for its model's status and its next training.
create index ticket_events_category_corrections_idx on ticket_events ("teamId", created_at)
  where "type" = 'category' and "actorType" = 'user';
