/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { PhotoField, PhotoForm } from './PhotoField';
import { sendPhotoCall, type PhotoCallAnswer } from './photo-upload';

jest.mock('./photo-upload', () => ({ ...jest.requireActual('./photo-upload'), sendPhotoCall: jest.fn() }));
const send = sendPhotoCall as jest.MockedFunction<typeof sendPhotoCall>;

const OLD = `${'a'.repeat(32)}-1200x900`;
const NEW = `${'b'.repeat(32)}-900x1200`;
const SERVICE = { kind: 'service' as const, id: 'de70830b-1bc4-4fc8-a520-ab49e40f845e' };

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:chosen'), revokeObjectURL: jest.fn() });
});
beforeEach(() => send.mockReset());

const jpegFile = (size = 2048, type = 'image/jpeg') => new File([new Uint8Array(size)], 'IMG_0420.jpg', { type });
const choose = (file: File) => userEvent.upload(screen.getByLabelText('Photo'), file, { applyAccept: false });

describe('<PhotoField> with scripts', () => {
  it('asks the picker for JPEG, PNG or WebP (no capture attribute: the phone offers its camera and its library)', () => {
    render(<PhotoField label="Photo" returnTo="/desk/menu/" />);
    const input = screen.getByLabelText('Photo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input).not.toHaveAttribute('capture');
    expect(screen.getByText('No photo')).toBeInTheDocument();
  });

  it('uploads a chosen photo at once, with its progress, shows it and reports its id', async () => {
    let progress: ((fraction: number) => void) | undefined;
    let finish: (answer: PhotoCallAnswer) => void = () => undefined;
    send.mockImplementation((_method, _url, _body, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const onChange = jest.fn();
    render(<PhotoField label="Photo" photoId={OLD} target={SERVICE} returnTo="/desk/menu/" onChange={onChange} />);
    expect(screen.getByRole('img', { name: 'The photo now' })).toHaveAttribute('src', `/media/${OLD}/320.webp`);
    await choose(jpegFile());
    const [method, url, body] = send.mock.calls[0]!;
    expect([method, url]).toEqual(['POST', '/api/desk/photos/']);
    expect((body as FormData).get('photo')).toBeInstanceOf(File);
    expect((body as FormData).get('attachKind')).toBe('service');
    expect((body as FormData).get('attachId')).toBe(SERVICE.id);
    expect(screen.getByRole('img', { name: 'The chosen photo' })).toHaveAttribute('src', 'blob:chosen');
    act(() => progress!(0.4));
    expect(screen.getByRole('status')).toHaveTextContent('Uploading…');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '0.4');
    expect(screen.getByLabelText('Photo')).toBeDisabled();
    act(() => progress!(1));
    expect(screen.getByRole('status')).toHaveTextContent('Preparing the photo…');
    await act(async () => finish({ status: 201, body: { photo: { id: NEW } } }));
    expect(screen.getByRole('status')).toHaveTextContent('Photo saved.');
    expect(screen.getByRole('img', { name: 'The photo now' })).toHaveAttribute('src', `/media/${NEW}/320.webp`);
    expect(onChange).toHaveBeenCalledWith(NEW);
    expect(document.querySelector('input[type=hidden][name=photoId]')).toHaveValue(NEW);
  });

  it("says why in a sentence when the site refuses the photo, and keeps the photo it had", async () => {
    send.mockResolvedValue({ status: 422, body: { error: { code: 'too_many_pixels', message: 'Please check the highlighted fields.', fields: { photo: 'This photo has 100 megapixels; the most the site takes is 60 megapixels. Choose a smaller one.' } } } });
    const onChange = jest.fn();
    render(<PhotoField label="Photo" photoId={OLD} target={SERVICE} returnTo="/desk/menu/" onChange={onChange} />);
    await choose(jpegFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('This photo has 100 megapixels; the most the site takes is 60 megapixels. Choose a smaller one.');
    expect(screen.getByRole('img', { name: 'The photo now' })).toHaveAttribute('src', `/media/${OLD}/320.webp`);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file over 15 MB or of another type before sending it', async () => {
    render(<PhotoField label="Photo" returnTo="/desk/menu/" />);
    await choose(jpegFile(15 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('This photo is 15.1 MB; the largest the site takes is 15 MB. Choose a smaller one.');
    await choose(jpegFile(100, 'image/heic'));
    expect(screen.getByRole('alert')).toHaveTextContent('This file is not a JPEG, PNG or WebP photo.');
    expect(send).not.toHaveBeenCalled();
  });

  it('says so when the salon cannot be reached', async () => {
    send.mockRejectedValue(new Error('We could not reach the salon. Check your connection and try again.'));
    render(<PhotoField label="Photo" target={SERVICE} returnTo="/desk/menu/" />);
    await choose(jpegFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the salon.');
  });

  it('Remove takes the photo away from its target (DELETE) and reports null', async () => {
    send.mockResolvedValue({ status: 200, body: { attachment: { photoId: null } } });
    const onChange = jest.fn();
    render(<PhotoField label="Photo" photoId={OLD} target={SERVICE} returnTo="/desk/menu/" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(send).toHaveBeenCalledWith('DELETE', `/api/desk/photos/attachments/service/${SERVICE.id}/`, null);
    expect(await screen.findByRole('status')).toHaveTextContent('Photo removed.');
    expect(screen.getByText('No photo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('without a target it only uploads, and the surrounding form saves the id it holds', async () => {
    send.mockResolvedValue({ status: 201, body: { photo: { id: NEW } } });
    render(<PhotoField label="Photo" name="therapistPhotoId" returnTo="/desk/team/" />);
    await choose(jpegFile());
    expect((send.mock.calls[0]![2] as FormData).get('attachKind')).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent('Photo uploaded. Save to keep it.');
    expect(document.querySelector('input[type=hidden][name=therapistPhotoId]')).toHaveValue(NEW);
  });

  it("shows the answer of a post made without scripts, and the photo it uploaded", () => {
    render(<PhotoField label="Photo" returnTo="/desk/team/" answer={{ outcome: 'ok', message: 'Photo uploaded. Save to keep it.', values: { photoId: NEW } }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Photo uploaded. Save to keep it.');
    expect(screen.getByRole('img', { name: 'The photo now' })).toHaveAttribute('src', `/media/${NEW}/320.webp`);
    render(<PhotoField label="Other" returnTo="/desk/team/" answer={{ outcome: 'error', message: 'This file is not a JPEG, PNG or WebP photo.' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This file is not a JPEG, PNG or WebP photo.');
  });
});

describe('<PhotoField> without scripts (its server HTML)', () => {
  it('posts the form it sits in to the upload route, multipart, with its target and the page to come back to', () => {
    const html = renderToStaticMarkup(
      <form action="/desk/menu/" method="post">
        <input name="name" required />
        <PhotoField label="Photo" photoId={OLD} target={SERVICE} returnTo="/desk/menu/?service=x" />
      </form>,
    );
    document.body.innerHTML = html;
    const upload = screen.getByRole('button', { name: 'Upload photo' });
    expect(upload).toHaveAttribute('type', 'submit');
    expect(upload).toHaveAttribute('formaction', '/api/desk/photos/');
    expect(upload).toHaveAttribute('formmethod', 'post');
    expect(upload).toHaveAttribute('formenctype', 'multipart/form-data');
    // The editor's own required fields do not stop the photo's post.
    expect(upload).toHaveAttribute('formnovalidate');
    const remove = screen.getByRole('button', { name: 'Remove photo' });
    expect(remove).toHaveAttribute('formaction', `/api/desk/photos/attachments/service/${SERVICE.id}/remove/`);
    expect(remove).toHaveAttribute('formenctype', 'application/x-www-form-urlencoded');
    const form = document.querySelector('form')!;
    const fields = Object.fromEntries([...new FormData(form).entries()].filter(([, value]) => typeof value === 'string'));
    expect(fields).toMatchObject({ attachKind: 'service', attachId: SERVICE.id, returnTo: '/desk/menu/?service=x', photoId: OLD });
    expect(form.querySelector('input[type=file][name=photo]')).not.toBeNull();
  });

  it('PhotoForm is a form of its own for a page without one', () => {
    document.body.innerHTML = renderToStaticMarkup(<PhotoForm label="Photo" target={{ kind: 'hero', id: 'home' }} returnTo="/desk/promotions/" />);
    const form = document.querySelector('form')!;
    expect(form).toHaveAttribute('action', '/api/desk/photos/');
    expect(form).toHaveAttribute('enctype', 'multipart/form-data');
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeInTheDocument();
  });
});
