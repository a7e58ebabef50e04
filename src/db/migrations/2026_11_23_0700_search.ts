// Full-text index over `chunks`, kept in step with every insert, update and delete of a chunk.
//
// SQLite: an FTS5 table (porter stemming) whose rowids come from `chunk_search_keys`, a table with an
// INTEGER PRIMARY KEY. `chunks` is keyed by a text id, so its implicit rowid may be renumbered by
// VACUUM; an FTS index keyed on it would silently point at the wrong chunks afterwards. An INTEGER
// PRIMARY KEY is the rowid itself and is never renumbered, so the key table maps chunk id <-> FTS
// rowid robustly, and holds document_id and kind so a search filters without reading chunks.
// The FTS table is contentless (the text lives in `chunks`) with contentless_delete so triggers can
// delete rows by rowid.
//
// PostgreSQL: a stored generated tsvector column (english configuration, matching SQLite's porter
// stemming) with a GIN index; PostgreSQL maintains it on every write.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

type AnyDb = Kysely<Record<string, never>>;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table chunks add column search_vector tsvector
      generated always as (to_tsvector('english', text)) stored`.execute(db);
    await sql`create index chunks_search_vector_idx on chunks using gin (search_vector)`.execute(db);
    return;
  }
  await sql`create table chunk_search_keys (
    id integer primary key,
    chunk_id text not null unique,
    document_id text not null,
    kind text not null
  )`.execute(db);
  await sql`create index chunk_search_keys_document_idx on chunk_search_keys (document_id)`.execute(db);
  await sql`create virtual table chunks_fts using fts5(
    text, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger chunks_search_ai after insert on chunks begin
    insert into chunk_search_keys (chunk_id, document_id, kind) values (new.id, new.document_id, new.kind);
    insert into chunks_fts (rowid, text) values ((select id from chunk_search_keys where chunk_id = new.id), new.text);
  end`.execute(db);
  await sql`create trigger chunks_search_ad after delete on chunks begin
    delete from chunks_fts where rowid = (select id from chunk_search_keys where chunk_id = old.id);
    delete from chunk_search_keys where chunk_id = old.id;
  end`.execute(db);
  await sql`create trigger chunks_search_au after update of id, document_id, kind, text on chunks begin
    delete from chunks_fts where rowid = (select id from chunk_search_keys where chunk_id = old.id);
    delete from chunk_search_keys where chunk_id = old.id;
    insert into chunk_search_keys (chunk_id, document_id, kind) values (new.id, new.document_id, new.kind);
    insert into chunks_fts (rowid, text) values ((select id from chunk_search_keys where chunk_id = new.id), new.text);
  end`.execute(db);
  // Existing chunks.
  await sql`insert into chunk_search_keys (chunk_id, document_id, kind) select id, document_id, kind from chunks`.execute(db);
  await sql`insert into chunks_fts (rowid, text)
    select k.id, c.text from chunk_search_keys k join chunks c on c.id = k.chunk_id`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists chunks_search_vector_idx`.execute(db);
    await sql`alter table chunks drop column if exists search_vector`.execute(db);
    return;
  }
  for (const t of ['chunks_search_ai', 'chunks_search_ad', 'chunks_search_au']) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  await sql`drop table if exists chunks_fts`.execute(db);
  await sql`drop table if exists chunk_search_keys`.execute(db);
}
