// A form-level message: the server's refusal, or a confirmation.
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
