-- A member's reply by mail is an event of its ticket (decision 015).
alter table ticket_events drop constraint ticket_events_type_check;

alter table ticket_events add constraint ticket_events_type_check check ("type" in (
  'created', 'message-in', 'status', 'reopened', 'priority', 'category', 'assignee', 'tags', 'analysed',
  'reply-out'
));
