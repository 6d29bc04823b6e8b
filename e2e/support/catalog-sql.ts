import pg from 'pg';

/**
 * Catalogue changes as the owner's editor publishes them (lib/catalog/publish.ts, OWNER-CONTRACT.md), in SQL: the
 * service's row and its `data` in one transaction with a catalog_changes row naming the menu's cache tag, and a NOTIFY
 * on catalog_changed delivered at commit. What the journeys need until the menu editor drives them; written straight
 * to the database, so every instance on it learns of the change from the database alone. A price:
 */
export async function publishPriceSql(databaseUrl: string, moniker: string, price: number): Promise<number> {
  return publishSql(databaseUrl, [
    [`update catalog_services set price = $2, data = jsonb_set(data, '{price}', to_jsonb($2::numeric)), updated_at = now() where moniker = $1`, [moniker, price]],
  ]);
}

/** The owner retires a service: it leaves the menus, and its page sends to its menu. */
export async function retireServiceSql(databaseUrl: string, moniker: string): Promise<number> {
  return publishSql(databaseUrl, [[`update catalog_services set retired_at = now(), updated_at = now() where moniker = $1 and retired_at is null`, [moniker]]]);
}

/** The owner adds a service to the menu of another, as a copy of it with its own id, moniker, SKU, name and price. */
export async function addServiceSql(databaseUrl: string, like: string, added: { id: string; moniker: string; sku: string; name: string; price: number }): Promise<number> {
  const data = `jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(data, '{id}', to_jsonb($2::text)), '{moniker}', to_jsonb($3::text)), '{value}', to_jsonb($4::text)),
    '{name}', to_jsonb($5::text)), '{title}', to_jsonb($5::text || ' for Women in NYC')), '{price}', to_jsonb($6::numeric))`;
  return publishSql(databaseUrl, [
    [
      `insert into catalog_services (id, sku, moniker, name, svc_type, area_id, gender, duration, price, data, bookable_at, position)
       select $2::uuid, $4, $3, $5, svc_type, area_id, gender, duration, $6, ${data}, bookable_at, position
       from catalog_services where moniker = $1`,
      [like, added.id, added.moniker, added.sku, added.name, added.price],
    ],
  ]);
}

/** Runs the statements (each must change a row) and publishes a change of the menu, in one transaction. */
async function publishSql(databaseUrl: string, statements: [string, unknown[]][]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    for (const [sql, values] of statements) {
      const changed = await client.query(sql, values);
      if (changed.rowCount !== 1) throw new Error(`Changed ${changed.rowCount} rows: ${sql}`);
    }
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
