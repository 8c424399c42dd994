// product §8: "The clipboard copy helper throws when copying fails", so the caller can say so.

export class CopyFailedError extends Error {
  constructor(cause?: unknown) {
    super('The text could not be copied to the clipboard.', { cause });
    this.name = 'CopyFailedError';
  }
}

export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new CopyFailedError();
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    throw new CopyFailedError(error);
  }
}
