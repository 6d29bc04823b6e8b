import { compactDiff, fieldLabel, readableValue, VALUE_MAX } from './diff';

describe('a change as a person reads it', () => {
  it('lists only the fields that changed, in the record\'s order, each in words', () => {
    expect(
      compactDiff(
        { name: 'Brazilian Wax', price: 65, duration: 30, bookableAt: ['soho', 'midtown'], online: true },
        { name: 'Brazilian Wax', price: 70, duration: 45, bookableAt: ['soho'], online: false },
      ),
    ).toEqual([
      { field: 'price', label: 'Price', before: '65', after: '70' },
      { field: 'duration', label: 'Duration', before: '30', after: '45' },
      { field: 'bookableAt', label: 'Bookable at', before: 'soho, midtown', after: 'soho' },
      { field: 'online', label: 'Online', before: 'Yes', after: 'No' },
    ]);
  });

  it('a record made or removed lists its fields against nothing', () => {
    expect(compactDiff(null, { title: 'Gift cards', place: 4 })).toEqual([
      { field: 'title', label: 'Title', before: '', after: 'Gift cards' },
      { field: 'place', label: 'Place', before: '', after: '4' },
    ]);
    expect(compactDiff({ title: 'Gift cards' }, null)).toEqual([{ field: 'title', label: 'Title', before: 'Gift cards', after: '' }]);
    expect(compactDiff(undefined, undefined)).toEqual([]);
    expect(compactDiff({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('values that are not records are one change; records inside read as labelled pairs, never JSON', () => {
    expect(compactDiff('staff', 'owner')).toEqual([{ field: 'value', label: 'Value', before: 'staff', after: 'owner' }]);
    expect(compactDiff(['a'], ['a', 'b'])).toEqual([{ field: 'value', label: 'Value', before: 'a', after: 'a, b' }]);
    const [change] = compactDiff({ monday: { open: '10:00', close: '20:00' } }, { monday: { open: '11:00', close: '20:00', note: null } });
    expect(change).toEqual({ field: 'monday', label: 'Monday', before: 'Open: 10:00; Close: 20:00', after: 'Open: 11:00; Close: 20:00' });
    expect(`${change!.before}${change!.after}`).not.toMatch(/[{}"]/);
  });

  it('shortens a long value and names fields as words', () => {
    expect(readableValue('x'.repeat(500))).toHaveLength(VALUE_MAX);
    expect(readableValue('x'.repeat(500)).endsWith('…')).toBe(true);
    expect(fieldLabel('startsOn')).toBe('Starts on');
    expect(fieldLabel('min_notice_minutes')).toBe('Min notice minutes');
    expect(fieldLabel('photoId')).toBe('Photo id');
  });
});
