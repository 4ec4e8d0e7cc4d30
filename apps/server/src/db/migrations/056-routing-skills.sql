-- Skills in routing (decision 067): a group weighs the members holding every skill a ticket needs first
-- (`skillsFirst`), each member's skills in the group, and the rules saying which tickets need which skill
-- (by category, language or tag). Sizes kept as every JSON attribute's (migration 012).
alter table groups add column "skillsFirst" boolean not null default false;
alter table groups add column "memberSkills" jsonb not null default '[]'
  check (jsonb_typeof("memberSkills") = 'array');
alter table groups add column "memberSkills_bytes" integer
  generated always as (octet_length("memberSkills"::text)) stored;
alter table groups add column "skillRules" jsonb not null default '[]'
  check (jsonb_typeof("skillRules") = 'array');
alter table groups add column "skillRules_bytes" integer
  generated always as (octet_length("skillRules"::text)) stored;
