/** What a photo can be shown on (lib/photos/attachments.ts). No server code: the photo field reads it too. */
export const ATTACHMENT_KINDS = ['service', 'offer', 'therapist', 'hero'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
