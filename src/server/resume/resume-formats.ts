// The resume types whose text can be read. Images and old .doc files carry no text we can read: they
// are stored but never parsed.
export const PDF = 'application/pdf';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const canExtractText = (mimeType: string) => mimeType === PDF || mimeType === DOCX;
