-- Allowed values for the two enumerated attributes that had none in the database (found by
-- schema-agreement.integration.test.ts, which holds every table to its zod declaration).
alter table inbound_emails add constraint inbound_emails_channel_check
  check ("channel" in ('smtp', 'webhook-postmark', 'webhook-mailgun', 'webhook-sendgrid', 'webhook-raw', 'imap'));
alter table waitlist add constraint waitlist_monthly_support_tickets_check
  check ("monthly_support_tickets" in ('less-than-100', '100-500', '500-1000', '1000+'))
