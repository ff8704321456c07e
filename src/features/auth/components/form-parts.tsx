// Small pieces shared by the auth forms: a field's error line and a form-level alert.
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="label text-error whitespace-normal">
      {message}
    </p>
  );
}

export function FormAlert({ message, kind = 'error' }: { message: string; kind?: 'error' | 'success' }) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`alert alert-soft ${kind === 'error' ? 'alert-error' : 'alert-success'}`}
    >
      <span>{message}</span>
    </div>
  );
}
