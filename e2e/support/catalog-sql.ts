import pg from 'pg';

/**
 * A catalogue change as the owner's editor publishes it (lib/catalog/publish.ts, OWNER-CONTRACT.md), in SQL: the
 * service's row and its `data` in one transaction with a catalog_changes row naming the menu's cache tag, and a NOTIFY
 * on catalog_changed delivered at commit. What the journeys need until the menu editor drives them; written straight
 * to the database, so every instance on it learns of the change from the database alone.
 */
export async function publishPriceSql(databaseUrl: string, moniker: string, price: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const changed = await client.query(
      `update catalog_services set price = $2, data = jsonb_set(data, '{price}', to_jsonb($2::numeric)), updated_at = now() where moniker = $1`,
      [moniker, price],
    );
    if (changed.rowCount !== 1) throw new Error(`No service ${moniker}`);
    const { rows } = await client.query<{ id: string }>(`insert into catalog_changes (tags) values ($1) returning id`, [['catalog-menu']]);
    await client.query('select pg_notify($1, $2)', ['catalog_changed', rows[0]!.id]);
    await client.query('commit');
    return Number(rows[0]!.id);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** A database of its own on the run's PostgreSQL server, so that no other journey sees its prices; dropped after. */
export async function createDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
