// How long the saved query cache lives (lib/query-persistence.ts drops older ones), and so how long the
// query client keeps an unused query (router.tsx): a restored query collected sooner would be dropped
// from the next save. Its own module: the query client is in the entry, the persistence is not.
export const QUERY_CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;
