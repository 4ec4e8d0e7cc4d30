-- The reply a delivery came back for, when it arrived at that reply's return path
-- (bounces+<mailId>.<mac>@INBOUND_DOMAIN, decision 028): only such a delivery's report may fail the reply.
-- Null for mail to a parsing address, by webhook or by IMAP, and for every delivery stored before this.
-- Internal, like "requeues": no attribute of the `inbound` collection.
alter table inbound_emails add column returned_mail_id text;
