/**
 * What one documents list may ask of the database. Appwrite allows 100 queries a request and 100 values a
 * query; the text patterns (`contains`, `startsWith`, `endsWith`) are bounded further, because each is a
 * scan of every row the reader holds and, on the embedded database, runs on the server's only thread.
 */
export const QueryLimits = {
  queriesPerRequest: 100,
  valuesPerQuery: 100,
  /** Text patterns in one request, nested ones counted. */
  patternsPerRequest: 10,
  /** Characters of all of one request's patterns together. */
  patternCharacters: 200,
  /**
   * What one request's patterns may cost: the bytes of text they read in every document the reader may
   * read, times the pattern characters matched against it (plus 10 for lowering it). About 0.1 s a
   * statement at worst on PGlite, where it runs on the server's only thread; a workspace of 10,000 tickets
   * with 60-character subjects is still searched for 6 characters at once.
   */
  patternWork: 10_000_000,
  /**
   * The longest text attribute (in characters) that filters other than `isNull`/`isNotNull` may read; a
   * subject (998) is one, a body (1,000,000) or any JSON attribute not a list is not.
   */
  filterableTextLength: 1000,
  /** A user's lists running at once in one server process; below the Postgres pool (10) so others get one. */
  listsAtOncePerUser: 4,
  /** A user's lists waiting for one of those places; past them a list is refused (429) at once. */
  listsWaitingPerUser: 32,
} as const

export const QueryMessages = {
  tooManyQueries: `Invalid query: a request holds at most ${QueryLimits.queriesPerRequest} queries`,
  tooManyValues: (attribute: string) =>
    `Invalid query: Query on attribute has greater than ${QueryLimits.valuesPerQuery} values: ${attribute}`,
  tooManyPatterns: `Invalid query: a request holds at most ${QueryLimits.patternsPerRequest} contains, startsWith and endsWith values together`,
  patternsTooLong: `Invalid query: the contains, startsWith and endsWith values of a request are at most ${QueryLimits.patternCharacters} characters together`,
  /** `searchAttribute`: the collection's full-text attribute, when it has one. */
  longAttribute: (method: string, attribute: string, searchAttribute: string | undefined) =>
    `Invalid query: ${attribute} is too long to filter with ${method}${
      searchAttribute ? `: find words in it with Query.search('${searchAttribute}', words)` : ''
    }`,
  tooMuchPatternWork:
    'Invalid query: these contains, startsWith and endsWith values would compare more text than one request may: use fewer or shorter values, or find words with Query.search',
  needsFullText: (attribute: string, searchAttribute: string | undefined) =>
    `Invalid query: Searching by attribute "${attribute}" requires a fulltext index${
      searchAttribute ? `: search the ${searchAttribute} attribute` : ''
    }`,
  busyLists: 'You have many lists loading at once. Please wait for them to finish and try again.',
  timedOut: 'Database timed out. Try adjusting your queries or adding an index.',
} as const
