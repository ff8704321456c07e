import { type Expression, type SqlBool, sql } from 'kysely';
import { type DB, isPostgres } from './connect';
import type { Database } from './database';

// The lists' search: case-insensitive "column contains the user's text", where % and _ match themselves.
// Migration 008 gives the searched columns of tasks, talents and users a trigram index:
// - SQLite: the FTS5 table `<table>_search`. Text of 3 characters or more is a phrase MATCH on it (with
//   the trigram tokenizer, a phrase is a substring), answering rowids. Its case folding covers Unicode,
//   where LIKE folds ASCII only.
// - PostgreSQL: pg_trgm GIN indexes, which `column ilike pattern` uses as it is.
// A trigram index has nothing to look up for 1 or 2 characters, so those (and promos, a few hundred rows,
// unindexed) are checked on each row: LIKE on SQLite, ILIKE on PostgreSQL.

const INDEXED = {
  tasks: ['title', 'company', 'code', 'location'],
  talents: ['full_name', 'email_normalized', 'phone_e164'],
  users: ['full_name', 'email'],
} as const;

export type SearchedTable = keyof typeof INDEXED | 'promos';
/** The SQLite FTS5 tables, one per indexed table. */
export const SEARCH_INDEX_TABLES = Object.keys(INDEXED).map((table) => `${table}_search`);
export type SearchedColumn<T extends SearchedTable> = Extract<keyof Database[T], string>;

/** A LIKE pattern for user text: % and _ match themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether the trigram index answers this search, so that containsText reads only the id column it is
 * given. Characters, not UTF-16 units: a Chinese name's three characters make a trigram. Not with a NUL
 * on SQLite, where FTS5 stops reading its query there (the phrase would lose its closing quote).
 */
export function indexAnswers(db: DB, table: SearchedTable, columns: readonly string[], text: string) {
  if (table === 'promos' || [...text].length < 3) return false;
  if (!isPostgres(db) && text.includes('\0')) return false;
  const covered: readonly string[] = INDEXED[table];
  return columns.every((column) => covered.includes(column));
}

/**
 * A search as a query runs it: whether the trigram index answers it, and its one value, the FTS5 phrase
 * (SQLite, when the index answers: its quotes doubled, in those columns only) or the LIKE pattern. Split
 * from the text so that a query compiled once per shape (the task board) takes the value as a parameter.
 */
export type TextSearch = { indexed: boolean; value: string };

export function textSearch(db: DB, table: SearchedTable, columns: readonly string[], text: string): TextSearch {
  const indexed = indexAnswers(db, table, columns, text);
  const value =
    indexed && !isPostgres(db) ? `{${columns.join(' ')}} : "${text.replaceAll('"', '""')}"` : likePattern(text);
  return { indexed, value };
}

/** How a list's search runs, for a query compiled once per shape (preparedShapes): not at all, or as textSearch says. */
export type SearchShape = 'none' | 'indexed' | 'scanned';

/**
 * A list's search (none without text) split for a query compiled once per shape: its shape, which picks the
 * query, and its value, which the query takes as a parameter.
 */
export function shapeSearch(
  db: DB,
  table: SearchedTable,
  columns: readonly string[],
  text: string | undefined,
): { shape: SearchShape; value: string | undefined } {
  const search = text ? textSearch(db, table, columns, text) : undefined;
  return { shape: search ? (search.indexed ? 'indexed' : 'scanned') : 'none', value: search?.value };
}

const anyContains = (db: DB, table: SearchedTable, columns: readonly string[], pattern: string) => {
  const like = sql.raw(isPostgres(db) ? 'ilike' : 'like');
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`${sql.ref(`${table}.${column}`)} ${like} ${pattern} escape '\\'`),
    sql` or `,
  )})`;
};

/**
 * The ids of the table's rows in which any of the columns contains the text: a parenthesised subquery,
 * for `referrals.talent_id in (...)`. On SQLite through the FTS5 table when it answers; otherwise, and
 * on PostgreSQL, the table filtered.
 */
export const idsContaining = <T extends SearchedTable>(
  db: DB,
  table: T,
  columns: readonly SearchedColumn<T>[],
  text: string,
) => idsMatching(db, table, columns, textSearch(db, table, columns, text));

/** idsContaining for a search already split (textSearch). */
export function idsMatching(
  db: DB,
  table: SearchedTable,
  columns: readonly string[],
  search: TextSearch,
): Expression<number> {
  if (!isPostgres(db) && search.indexed) {
    const fts = sql.table(`${table}_search`);
    return sql<number>`(select rowid from ${fts} where ${fts} match ${search.value})`;
  }
  return sql<number>`(select ${sql.ref(`${table}.id`)} from ${sql.table(table)} where ${anyContains(db, table, columns, search.value)})`;
}

/**
 * Whether any of the columns of the row of `table` contains the text. `id` is the column holding that
 * row's id (`referrals.talent_id`): when the index answers, that id is looked up in its answer, so
 * `table` is read (joined) only for the matches; otherwise each row's own columns are read, so `table`
 * must be in the query. PostgreSQL's indexes serve a row's own columns as they are.
 */
export const containsText = <T extends SearchedTable>(
  db: DB,
  table: T,
  columns: readonly SearchedColumn<T>[],
  text: string,
  id = `${table}.id`,
) => containsMatching(db, table, columns, textSearch(db, table, columns, text), id);

/** containsText for a search already split (textSearch). */
export function containsMatching<T extends SearchedTable>(
  db: DB,
  table: T,
  columns: readonly SearchedColumn<T>[],
  search: TextSearch,
  id = `${table}.id`,
): Expression<SqlBool> {
  const own = id === `${table}.id`;
  if (!search.indexed || (own && isPostgres(db))) return anyContains(db, table, columns, search.value);
  return sql<SqlBool>`${sql.ref(id)} in ${idsMatching(db, table, columns, search)}`;
}

/** containsMatching for a search split by shapeSearch, while such a query is built: its shape and value (a stand-in then). */
export const containsShaped = <T extends SearchedTable>(
  db: DB,
  table: T,
  columns: readonly SearchedColumn<T>[],
  shape: SearchShape,
  value: string | undefined,
) => containsMatching(db, table, columns, { indexed: shape === 'indexed', value: value ?? '' });
