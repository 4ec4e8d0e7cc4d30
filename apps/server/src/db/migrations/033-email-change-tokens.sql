-- A new address is taken on only when the link mailed to it is used: the token keeps the address it is for.
alter table account_tokens add column email text;
alter table account_tokens drop constraint account_tokens_kind_check;
alter table account_tokens add constraint account_tokens_kind_check
  check (kind in ('recovery', 'verification', 'email-change'));
alter table account_tokens add constraint account_tokens_email_check
  check ((kind = 'email-change') = (email is not null));
