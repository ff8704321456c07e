// One badge per state kind, coloured by what it means to a recruiter: green done, amber waiting, red stopped.
// The text always carries the meaning; colour only helps.
export type Tone = 'success' | 'warning' | 'error' | 'info' | 'neutral';
const toneClass: Record<Tone, string> = {
  success: 'badge-success',
  warning: 'badge-warning',
  error: 'badge-error',
  info: 'badge-info',
  neutral: 'badge-ghost',
};

export function Badge({ tone, label, testId }: { tone: Tone; label: string; testId?: string }) {
  return (
    <span className={`badge badge-soft badge-sm whitespace-nowrap ${toneClass[tone]}`} data-testid={testId}>
      {label}
    </span>
  );
}
