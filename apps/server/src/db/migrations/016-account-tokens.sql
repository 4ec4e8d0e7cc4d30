-- Single-use secrets sent by email: password recovery (1 hour) and address verification (7 days).
create table account_tokens (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  kind text not null check (kind in ('recovery', 'verification')),
  secret_hash text not null unique,
  expire timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index account_tokens_user_idx on account_tokens (user_id, kind);
