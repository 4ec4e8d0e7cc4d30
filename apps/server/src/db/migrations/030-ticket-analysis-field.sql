-- A ticket's analysis as data (decision 023): the parts its description says in lines (summary, reasons,
-- fields found, next step, sentiment, spam reason...), written by the analysis in the same statement as
-- the description. Null on tickets analysed before this: the panel reads their description's lines, as
-- before, and the next analysis (not spam, reanalyse) fills it. The size check is ANALYSIS_MAX_BYTES in
-- the contracts, which the parts' own limits keep every analysis below.
alter table tickets add column "analysis" jsonb
  check ("analysis" is null or (jsonb_typeof("analysis") = 'object' and octet_length("analysis"::text) <= 1048576));

-- Its size, as every JSON attribute keeps one (migration 012), so a list weighs a page before reading it.
alter table tickets add column "analysis_bytes" integer generated always as (octet_length("analysis"::text)) stored
