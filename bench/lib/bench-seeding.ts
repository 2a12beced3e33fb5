import { performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * Runs a benchmark's seeding on one PostgreSQL connection, closed however it ends, and says how
 * long it took.
 */
export async function timedSeed<T>(url: string, seed: (client: pg.Client) => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let result: T;
  try {
    result = await seed(client);
  } finally {
    await client.end();
  }
  return { result, seconds: (performance.now() - started) / 1000 };
}

export interface BenchPeople {
  /** Person g's sid is `${sid}${g}` (what the bench's other inserts look people up by). */
  sid: string;
  /** Person g's email is `${email}-${g}@example.com`. */
  email: string;
  /** Person g's name is `${name} ${g}`, and display name `${displayName} ${g}`. */
  name: string;
  displayName: string;
  /** Numbered from `first` to `last`, both included. */
  first: number;
  last: number;
}

/**
 * People straight into `users` in one statement (no password hashing each, so thousands take a
 * moment), their trial running for 30 days. Returns their ids in numbering order.
 */
export async function insertBenchPeople(client: pg.Client, people: BenchPeople): Promise<number[]> {
  const { rows } = await client.query<{ id: string }>(`
      INSERT INTO users (sid, name, display_name, email, password_hash, avatar_color, trial_ends_at)
      SELECT '${people.sid}' || g, '${people.name} ' || g, '${people.displayName} ' || g, '${people.email}-' || g || '@example.com', 'not-a-hash', '#00838f', now() + interval '30 days'
      FROM generate_series(${people.first}, ${people.last}) g
      RETURNING id`);
  return rows.map((row) => Number(row.id));
}
