/** @jest-environment jsdom */
import { answerMessage, sendPhotoCall } from './photo-upload';

/** A stand-in for XMLHttpRequest: records the call, and the test answers it. */
class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

beforeAll(() => Object.assign(window, { XMLHttpRequest: FakeRequest }));

describe('sendPhotoCall', () => {
  it("sends the form, reports the upload's progress and answers the status and JSON body", async () => {
    const body = new FormData();
    const progress = jest.fn();
    const answer = sendPhotoCall('POST', '/api/desk/photos/', body, progress);
    const request = FakeRequest.last;
    expect([request.method, request.url, request.body, request.headers.accept]).toEqual(['POST', '/api/desk/photos/', body, 'application/json']);
    request.upload.onprogress!({ lengthComputable: true, loaded: 25, total: 100 });
    request.upload.onprogress!({ lengthComputable: false, loaded: 50, total: 0 });
    expect(progress.mock.calls).toEqual([[0.25]]);
    request.answer(201, '{"photo":{"id":"x"}}');
    await expect(answer).resolves.toEqual({ status: 201, body: { photo: { id: 'x' } } });
  });

  it('answers a body that is not JSON as undefined, and rejects with a sentence when the network fails', async () => {
    const plain = sendPhotoCall('DELETE', '/x/', null);
    FakeRequest.last.answer(502, '<html>bad gateway</html>');
    await expect(plain).resolves.toEqual({ status: 502, body: undefined });
    const failed = sendPhotoCall('POST', '/x/', null);
    FakeRequest.last.onerror!();
    await expect(failed).rejects.toThrow('We could not reach the salon. Check your connection and try again.');
  });
});

describe('answerMessage', () => {
  it("gives the field's sentence, else the message, and says what 413 means when a proxy refused the size", () => {
    expect(answerMessage({ status: 422, body: { error: { message: 'Please check.', fields: { photo: 'This photo is too small.' } } } })).toBe('This photo is too small.');
    expect(answerMessage({ status: 403, body: { error: { message: "This needs the owner's account." } } })).toBe("This needs the owner's account.");
    expect(answerMessage({ status: 413, body: undefined })).toMatch(/largest the site takes is 15 MB/);
    expect(answerMessage({ status: 500, body: undefined })).toBe('Something went wrong. Please try again.');
  });
});
