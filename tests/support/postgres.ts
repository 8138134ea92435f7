import pg from "pg";

/** The same server, another database: tests create and drop their own copies beside the given one. */
export function databaseUrlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Databases are created and dropped from the database TEST_DATABASE_URL names. */
export function adminUrl(base: string): string {
  return base;
}

export async function withAdminClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
