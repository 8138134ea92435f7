import { createHash } from "node:crypto";
import path from "node:path";
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  type Dialect,
  type PostgresPool,
  type PostgresPoolClient,
} from "kysely";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { makeFolder } from "#app/server/folders.server";
import type { Database } from "./schema";
import { isDatabaseUnavailable } from "./unavailable.server";
import { appLogger } from "#app/server/logger.server";

export type DatabaseKind = "pg" | "pglite";

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for the embedded database (ignored with `databaseUrl`). */
  dataDir: string;
  /** A PGlite data-folder dump to start from (tests copy one migrated template this way). */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The embedded client, for dumps and LISTEN on PGlite; absent on PostgreSQL. */
  pglite?: PGlite;
  /**
   * The PostgreSQL connection string, for the one connection that LISTENs beside the pool
   * (a pooled connection would lose its LISTEN when handed back); absent on PGlite.
   */
  databaseUrl?: string;
  /** The PostgreSQL pool's connections and waiting requests, for the metrics; absent on PGlite. */
  poolFigures?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const OID = { int8: 20, numeric: 1700, date: 1082 } as const;

/**
 * Quantities and tax rates are `numeric`, counts come back as `int8`: both fit a JS number
 * comfortably (money is integer cents), so both drivers return numbers. `date` stays the plain
 * 'YYYY-MM-DD' string: converting it to a Date would shift it by the server's time zone.
 */
const parsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: (value) => Number(value),
  [OID.numeric]: (value) => Number(value),
  [OID.date]: (value) => value,
};

export const camelCase = new CamelCasePlugin();

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { dialect, kind, pglite, poolFigures } = options.databaseUrl
    ? pgDialect(options.databaseUrl, options.maxConnections ?? 10)
    : await pgliteDialect(options.dataDir, options.loadDataDir);
  const db = new Kysely<Database>({ dialect, plugins: [camelCase] });
  return {
    db,
    kind,
    pglite,
    databaseUrl: options.databaseUrl || undefined,
    poolFigures,
    close: () => db.destroy(),
  };
}

interface OpenedDialect {
  dialect: Dialect;
  kind: DatabaseKind;
  pglite?: PGlite;
  poolFigures?: DatabaseHandle["poolFigures"];
}

function pgDialect(connectionString: string, max: number): OpenedDialect {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5_000,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (error) => appLogger().error(`Datenbankverbindung verloren: ${error.message}`));
  // While a client is checked out pg-pool listens for nothing on it: a server that ends the
  // connection between two queries (a restart, `pg_terminate_backend`) would raise an 'error'
  // event nobody handles and end the process. So every client gets a listener of its own for
  // its whole life, from the moment the pool has connected it (before it is first handed out:
  // the server's goodbye can arrive in the same packet as the end of the start-up).
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      if (!brokenClients.has(client)) brokenClients.set(client, error);
    });
  });
  const preparingPool: PostgresPool = {
    connect: async () => preparing(await pool.connect()),
    end: () => pool.end(),
  };
  return {
    dialect: new PostgresDialect({ pool: preparingPool }),
    kind: "pg",
    poolFigures: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

/**
 * A statement whose text starts with this comment is prepared once per connection under a name
 * and then only bound and executed: PostgreSQL parses it once and can keep its plan. For large
 * hot statements whose text never changes (placing an order); PGlite simply ignores the comment.
 */
export const PREPARED = "/* prepared */";

const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `bt_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Clients whose connection broke, with the error: they go back to the pool to be discarded. */
const brokenClients = new WeakMap<pg.ClientBase, Error>();

/**
 * A checked-out client for Kysely. A client whose connection broke goes back to the pool with
 * that error, which makes the pool discard it instead of handing a dead connection to the next
 * request.
 */
function preparing(client: pg.PoolClient): PostgresPoolClient {
  const noteBroken = (error: unknown) => {
    if (isDatabaseUnavailable(error) && !brokenClients.has(client)) {
      brokenClients.set(client, error as Error);
    }
    throw error;
  };
  const query = (textOrCursor: unknown, parameters?: readonly unknown[]) => {
    if (typeof textOrCursor === "string" && textOrCursor.startsWith(PREPARED)) {
      return client
        .query({
          name: statementName(textOrCursor),
          text: textOrCursor,
          values: parameters ? [...parameters] : [],
        })
        .catch(noteBroken);
    }
    // A cursor (Kysely's streaming) is an object pg drives itself; it reports its own errors.
    if (typeof textOrCursor !== "string") return client.query(textOrCursor as never);
    return client.query(textOrCursor, parameters ? [...parameters] : undefined).catch(noteBroken);
  };
  return {
    query: query as unknown as PostgresPoolClient["query"],
    release: () => client.release(brokenClients.get(client)),
  };
}

async function pgliteDialect(dataDir: string, loadDataDir?: Blob): Promise<OpenedDialect> {
  // Loaded lazily so a server on PostgreSQL never pays for the WASM module.
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("kysely-pglite-dialect"),
  ]);
  const isMemory = dataDir === "memory://";
  if (!isMemory) makeFolder(dataDir);
  const client = await PGlite.create({
    dataDir: isMemory ? undefined : path.resolve(dataDir),
    loadDataDir,
    parsers,
  });
  return { dialect: new PGliteDialect(client), kind: "pglite", pglite: client };
}
