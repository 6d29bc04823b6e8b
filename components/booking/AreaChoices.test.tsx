/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { AreaChoices } from './AreaChoices';

describe('<AreaChoices> date', () => {
  it('shows a year as it is typed, and chooses only a day from today to the last bookable one', () => {
    globalThis.fetch = jest.fn(async () => new Response(JSON.stringify({ date: '2026-12-05', slots: [], timestamp: 'now' }), { status: 200 })) as unknown as typeof fetch;
    const onDate = jest.fn();
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AreaChoices
          idPrefix="a1"
          location="1"
          areaId={1}
          areaName="Hair Removal"
          therapists={[{ id: 0, name: 'Any Therapists' }]}
          therapist={0}
          date="2026-12-01"
          time={undefined}
          duration={15}
          today="2026-11-24"
          lastDay="2027-05-23"
          onTherapist={jest.fn()}
          onDate={onDate}
          onTime={jest.fn()}
        />
      </SWRConfig>,
    );
    const field = screen.getByLabelText('Date for Hair Removal');
    for (const partial of ['0002-11-28', '0020-11-28', '0202-11-28']) {
      fireEvent.change(field, { target: { value: partial } });
      expect(field).toHaveValue(partial);
    }
    expect(onDate).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '2026-11-28' } });
    expect(onDate).toHaveBeenCalledWith('2026-11-28');
    fireEvent.change(field, { target: { value: '2028-01-01' } });
    expect(onDate).toHaveBeenCalledTimes(1);
  });
});
