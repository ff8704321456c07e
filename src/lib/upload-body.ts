import { toFormFields } from '#src/shared/form-fields.ts';

// The multipart body of an upload, built the same way by the page and by the service worker.

export type UploadFile = { name: string; type: string; data: Blob | ArrayBuffer };

export function buildUploadBody(request: {
  fields: Record<string, unknown>;
  file?: UploadFile;
  fileField?: string;
}): FormData {
  const body = new FormData();
  for (const [name, value] of toFormFields(request.fields)) body.append(name, value);
  if (request.file) {
    const { data, name, type } = request.file;
    // A File keeps its name wherever FormData is made (some runtimes drop the third argument for a Blob).
    body.append(request.fileField ?? 'file', data instanceof Blob ? data : new File([data], name, { type }), name);
  }
  return body;
}
