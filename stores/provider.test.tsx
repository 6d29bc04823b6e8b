/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createAppStores } from './create-stores';
import { StoresProvider, useFavoritesStore } from './provider';

Object.assign(globalThis, { TextEncoder, TextDecoder });

function FavoriteCount({ serverValue }: { serverValue?: number }) {
  const count = useFavoritesStore((state) => state.ids.length, serverValue);
  return <span>favourites: {count}</span>;
}

describe('StoresProvider and hooks', () => {
  it('throws outside the provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<FavoriteCount />)).toThrow('inside <StoresProvider>');
    jest.mocked(console.error).mockRestore();
  });

  it('re-renders on store changes', () => {
    const stores = createAppStores();
    render(
      <StoresProvider stores={stores}>
        <FavoriteCount />
      </StoresProvider>,
    );
    expect(screen.getByText('favourites: 0')).toBeInTheDocument();
    act(() => {
      stores.favorites.getState().add('3a9a2679-e614-4217-80e6-f422b1f1a9d9');
    });
    expect(screen.getByText('favourites: 1')).toBeInTheDocument();
  });

  it('renders the server value on the server, whatever the store holds', () => {
    const stores = createAppStores({ favorites: ['3a9a2679-e614-4217-80e6-f422b1f1a9d9'] });
    const html = renderToString(
      <StoresProvider stores={stores}>
        <FavoriteCount serverValue={5} />
        <FavoriteCount />
      </StoresProvider>,
    );
    expect(html).toContain('favourites: <!-- -->5');
    expect(html).toContain('favourites: <!-- -->0');
  });
});
