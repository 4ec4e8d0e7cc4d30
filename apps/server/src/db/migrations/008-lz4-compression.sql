-- The raw mail and the Postmark-style JSON of every ticket and thread message are compressed when stored
-- (values over ~2 KB). Postgres's default, pglz, took ~0.48 ms of server CPU per 22 KB mail here; lz4
-- takes ~0.23 ms and stores the corpus a quarter smaller. Only values written from now on change. A
-- Postgres built without lz4 (PGlite is one) refuses the method: it then keeps pglz.
do $$ begin alter table inbound_raw alter column raw set compression lz4; alter table tickets alter column "rawJson" set compression lz4; alter table messages alter column "rawJson" set compression lz4; exception when feature_not_supported then null; end $$;
