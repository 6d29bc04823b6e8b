import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertEmbeddedDiskUsable, EmbeddedDatabaseRefusedError, probeWritable, type ProbeFs } from './embedded-disk';

const failing = (code: string) => () => {
  throw Object.assign(new Error(`${code}: the file system said no`), { code });
};

describe('assertEmbeddedDiskUsable', () => {
  let folder = '';
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'salon-embedded-disk-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('lets a writable folder on a lasting host through, leaving nothing behind', () => {
    const data = path.join(folder, 'data');
    expect(() => assertEmbeddedDiskUsable(data, {})).not.toThrow();
    expect(readdirSync(data)).toEqual([]);
  });

  it.each([
    ['VERCEL', 'Vercel'],
    ['AWS_LAMBDA_FUNCTION_NAME', 'AWS Lambda'],
    ['NETLIFY', 'Netlify'],
    ['K_SERVICE', 'Google Cloud Run'],
  ])('refuses a serverless host (%s) with a sentence naming DATABASE_URL, before writing anything', (variable, name) => {
    const data = path.join(folder, 'data');
    const attempt = () => assertEmbeddedDiskUsable(data, { [variable]: '1' });
    expect(attempt).toThrow(EmbeddedDatabaseRefusedError);
    expect(attempt).toThrow(new RegExp(`^This site runs on ${name} \\(${variable} is set\\).*Set DATABASE_URL to a PostgreSQL server`));
    expect(readdirSync(folder)).toEqual([]);
  });

  it('refuses a read-only disk, and a folder it may not write, naming DATA_DIR and DATABASE_URL', () => {
    expect(() => assertEmbeddedDiskUsable('/srv/salon', {}, failing('EROFS'))).toThrow(
      'The embedded database cannot be kept in /srv/salon: it is on a read-only file system (EROFS). Set DATA_DIR to a writable folder on a lasting disk, or DATABASE_URL to a PostgreSQL server (postgres://…).',
    );
    expect(() => assertEmbeddedDiskUsable('/srv/salon', {}, failing('EACCES'))).toThrow(/this process may not write there \(EACCES\).*DATABASE_URL/);
  });

  it('lets any other failure through as it is', () => {
    expect(() => assertEmbeddedDiskUsable('/srv/salon', {}, failing('ENOSPC'))).toThrow('ENOSPC: the file system said no');
  });

  it("names the read-only file system where Node's recursive mkdir says only ENOENT (measured on a read-only tmpfs)", () => {
    const errno = (code: string) => Object.assign(new Error(code), { code });
    const readOnly: ProbeFs = {
      existsSync: (folder) => folder === '/' || folder === '/mnt',
      mkdirSync: (_folder, options) => {
        throw errno(options?.recursive ? 'ENOENT' : 'EROFS');
      },
      writeFileSync: () => {
        throw errno('EROFS');
      },
      rmSync: () => undefined,
    };
    expect(() => assertEmbeddedDiskUsable('/mnt/salon/data', {}, (folder) => probeWritable(folder, readOnly))).toThrow(
      'The embedded database cannot be kept in /mnt/salon/data: it is on a read-only file system (EROFS).',
    );
  });
});

