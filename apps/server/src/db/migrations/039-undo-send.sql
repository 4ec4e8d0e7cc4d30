-- Undo-send and the double-send guard (decision 039): a reply waits in the outbox until "sendAfter", and
-- one its sender took back meanwhile is "withdrawn", in the outbox and on its message.
alter table outbox add column "sendAfter" timestamptz;
alter table outbox drop constraint outbox_state_check;
alter table outbox add constraint outbox_state_check
  check ("state" in ('queued', 'sending', 'sent', 'failed', 'not-sent', 'withdrawn'));
alter table messages drop constraint "messages_deliveryState_check";
alter table messages add constraint "messages_deliveryState_check"
  check ("deliveryState" in ('queued', 'sending', 'sent', 'failed', 'not-sent', 'withdrawn'));
