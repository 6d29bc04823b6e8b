import { loadOnce } from './load-once';

it('imports once, hands the module out once it is in, and tries again after a failure', async () => {
  const importer = jest.fn<Promise<{ name: string }>, []>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue({ name: 'rules' });
  const rules = loadOnce(importer);
  expect(rules.loaded()).toBeUndefined();
  await expect(rules.load()).rejects.toThrow('chunk failed');
  expect(rules.loaded()).toBeUndefined();
  const [first, second] = await Promise.all([rules.load(), rules.load()]);
  expect(first).toBe(second);
  expect(rules.loaded()).toEqual({ name: 'rules' });
  expect(importer).toHaveBeenCalledTimes(2);
});
