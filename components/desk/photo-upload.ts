'use client';

import { NETWORK_FAILED } from '@/components/forms/form-state';

export interface PhotoCallAnswer {
  status: number;
  body: unknown;
}

/**
 * Sends a photo call with XMLHttpRequest, whose upload reports progress (fetch's does not), and answers its status and
 * JSON body. A network failure rejects with a sentence.
 */
export function sendPhotoCall(method: 'POST' | 'DELETE', url: string, body: FormData | null, onProgress?: (fraction: number) => void): Promise<PhotoCallAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('accept', 'application/json');
    if (onProgress) request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      let parsed: unknown;
      try {
        parsed = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      resolve({ status: request.status, body: parsed });
    };
    request.onerror = () => reject(new Error(NETWORK_FAILED));
    request.send(body);
  });
}

/** The sentence of an error answer: its field's message (`photo`), else its message, else a general one. */
export function answerMessage(answer: PhotoCallAnswer): string {
  if (answer.status === 413) return 'This photo is too large; the largest the site takes is 15 MB. Choose a smaller one.';
  const error = (answer.body as { error?: { message?: unknown; fields?: Record<string, unknown> } } | undefined)?.error;
  const field = error?.fields && Object.values(error.fields).find((value): value is string => typeof value === 'string');
  if (field) return field;
  return typeof error?.message === 'string' ? error.message : 'Something went wrong. Please try again.';
}
