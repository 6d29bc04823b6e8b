/** @jest-environment jsdom */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeskButton } from './ScheduleParts';
import { SubmitButton } from './SubmitButton';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), prefetch: jest.fn() }) }));

/** A server action that answers only when the test says so. */
function slowAction() {
  let answer = () => {};
  const action = jest.fn(
    () =>
      new Promise<void>((resolve) => {
        answer = resolve;
      }),
  );
  return { action, answer: () => answer() };
}

describe('<DeskButton> in a server action’s form', () => {
  it('is disabled and says it is saving while the post is on its way, so a double tap adds one card', async () => {
    const user = userEvent.setup();
    const { action, answer } = slowAction();
    render(
      <form action={action}>
        <DeskButton>Add card</DeskButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Add card' });
    expect(button).toBeEnabled();

    await user.dblClick(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveTextContent('Saving…');
    await user.click(button);
    expect(action).toHaveBeenCalledTimes(1);

    await act(async () => answer());
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent('Add card');
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('keeps its own name for assistive technology while pending, and waits only for its own form', async () => {
    const user = userEvent.setup();
    const { action, answer } = slowAction();
    render(
      <>
        <form action={action}>
          <DeskButton variant="secondary" label="Remove Anna's time off" pendingText="Removing…">
            Remove
          </DeskButton>
        </form>
        <form action={jest.fn()}>
          <SubmitButton className="btn">Block this time</SubmitButton>
        </form>
      </>,
    );
    const remove = screen.getByRole('button', { name: "Remove Anna's time off" });
    await user.click(remove);
    await waitFor(() => expect(remove).toBeDisabled());
    expect(remove).toHaveTextContent('Removing…');
    expect(screen.getByRole('button', { name: 'Block this time' })).toBeEnabled();
    await act(async () => answer());
    await waitFor(() => expect(remove).toBeEnabled());
  });
});
