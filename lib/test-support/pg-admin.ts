import pg from 'pg';

/** Runs `run` on a connection of its own to the test server (DATABASE_URL): creating, dropping, ending backends. */
export async function pgAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
