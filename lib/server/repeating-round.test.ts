import { repeatRound } from './repeating-round';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('runs one round at a time, goes on after a failed one, and stop waits for the round under way', async () => {
  let running = 0;
  let most = 0;
  let rounds = 0;
  const failures: unknown[] = [];
  const repeating = repeatRound(
    async () => {
      rounds += 1;
      running += 1;
      most = Math.max(most, running);
      await sleep(15);
      running -= 1;
      if (rounds === 2) throw new Error('round two failed');
    },
    1,
    (error) => failures.push(error),
  );
  while (rounds < 4) await sleep(5);
  await repeating.stop();
  expect(running).toBe(0);
  expect(most).toBe(1);
  expect(failures).toEqual([new Error('round two failed')]);
  const after = rounds;
  await sleep(40);
  expect(rounds).toBe(after);
});
