-- Accounts, sessions and the bookkeeping tables of the platform.
create table users (
  id text primary key,
  email text not null unique,
  name text not null default '',
  password_hash text,
  google_sub text unique,
  status boolean not null default true,
  labels text[] not null default '{}',
  prefs jsonb not null default '{}',
  email_verification boolean not null default false,
  registration timestamptz not null default now(),
  password_update timestamptz,
  accessed_at timestamptz not null default now(),
  trial_started_at timestamptz not null,
  trial_ends_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table sessions (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  secret_hash text not null unique,
  provider text not null,
  provider_uid text not null default '',
  ip text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  expire timestamptz not null
);
create index sessions_user_idx on sessions (user_id);

create table rate_limit_hits (
  bucket text not null,
  key text not null,
  at timestamptz not null default now()
);
create index rate_limit_hits_idx on rate_limit_hits (bucket, key, at);

create table oauth_states (
  state text primary key,
  code_verifier text not null,
  nonce text not null,
  success_url text not null,
  failure_url text not null,
  expires_at timestamptz not null
);

-- Document collections: the system columns every collection shares, then its attributes.
create table tickets (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  "email" text not null,
  "subject" text not null,
  "body" text not null,
  "status" text not null default 'open' check ("status" in ('open', 'in-progress', 'closed')),
  "priority" text check ("priority" in ('high', 'medium', 'low')),
  "userId" text not null,
  "rawJson" jsonb,
  "processing_status" text not null default 'waiting'
    check ("processing_status" in ('waiting', 'processing', 'completed', 'failed')),
  "description" text,
  "category" text,
  "processing_error" text
);
create index tickets_read_roles_idx on tickets using gin (read_roles);
create index tickets_user_created_idx on tickets ("userId", created_at desc, seq desc);
create index tickets_created_idx on tickets (created_at desc, seq desc);

create table waitlist (
  seq bigserial primary key,
  id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  permissions text[] not null default '{}',
  read_roles text[] not null default '{}',
  "full_name" text not null,
  "work_email" text not null,
  "company_name" text not null,
  "monthly_support_tickets" text not null
);
