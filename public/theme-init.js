// Runs before the first paint so a dark-mode user never sees a white flash. External (not inline)
// so the Content-Security-Policy needs no 'unsafe-inline' for scripts.
(() => {
  try {
    const pref = localStorage.getItem('recruiter-theme') || 'system';
    const dark = pref === 'dark' || (pref === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-theme', dark ? 'recruiter-dark' : 'recruiter-light');
  } catch {}
})();
