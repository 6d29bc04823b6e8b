import { after } from 'next/server';
import { afterAnswer } from './after-answer';

jest.mock('next/server', () => ({ after: jest.fn() }));
const afterMock = after as jest.MockedFunction<typeof after>;

describe('afterAnswer', () => {
  beforeEach(() => afterMock.mockReset());

  it('hands the task to Next.js to run after the answer, without running it now', async () => {
    const task = jest.fn(async () => undefined);
    await afterAnswer(task);
    expect(afterMock).toHaveBeenCalledWith(task);
    expect(task).not.toHaveBeenCalled();
  });

  it('runs the task before returning outside a request, where Next.js has no answer to wait for', async () => {
    afterMock.mockImplementation(() => {
      throw new Error('`after` was called outside a request scope. Read more: https://nextjs.org/docs/messages/next-dynamic-api-wrong-context');
    });
    const task = jest.fn(async () => undefined);
    await afterAnswer(task);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('lets any other error through', async () => {
    afterMock.mockImplementation(() => {
      throw new Error('something else');
    });
    const task = jest.fn(async () => undefined);
    await expect(afterAnswer(task)).rejects.toThrow('something else');
    expect(task).not.toHaveBeenCalled();
  });
});
