// What a client error report carries, and where one goes (error-reporting.ts sends; sentry-connect.ts may
// supply a destination).
export type ErrorReport = { message: string; stack?: string; url?: string; status?: number };
export type ErrorReporter = (error: unknown, report: ErrorReport) => void;
