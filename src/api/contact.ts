// docs/product.md#contact-endpoint: the contact form posts to the web app's own host, never to the API host, so it uses its own
// fixed path instead of the API base URL.
export const CONTACT_PATH = '/api/contact';

export type ContactType = 'contact' | 'support';

export interface ContactSubmission {
  name: string;
  email: string;
  message: string;
  type: ContactType;
  screenshot?: File | null;
}

/** Sends a contact or support message as multipart form data. Resolves on any OK status; rejects otherwise. */
export async function sendContactMessage(submission: ContactSubmission): Promise<void> {
  const form = new FormData();
  form.append('name', submission.name);
  form.append('email', submission.email);
  form.append('message', submission.message);
  form.append('type', submission.type);
  if (submission.screenshot) form.append('screenshot', submission.screenshot, submission.screenshot.name);
  const response = await fetch(CONTACT_PATH, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`Contact request failed with status ${response.status}`);
}

/** docs/product.md#contact-and-support-form: screenshots must be JPEG or PNG. */
export function isAllowedScreenshot(file: File): boolean {
  return file.type === 'image/jpeg' || file.type === 'image/png';
}
