import { createLogger, type LogLevel, setLogger } from '#src/server/observability/logger.ts';

// The server's log lines in API and client suites (the in-process API) go to the console method of their level (console.error for an
// error, and so on), as the JSON line the server writes. So an error logged during a test fails it
// (fail-on-console-error.ts), and a test that expects a line spies on that console method. Request
// lines (info) stay quiet unless LOG_LEVEL asks for them; logs.test.ts reads them with its own stream.
const METHOD_OF_LEVEL: [number, 'error' | 'warn' | 'info' | 'debug'][] = [
  [50, 'error'],
  [40, 'warn'],
  [30, 'info'],
  [0, 'debug'],
];

setLogger(
  createLogger({
    level: (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'warn',
    destination: {
      write(line: string) {
        const level = (JSON.parse(line) as { level: number }).level;
        const method = METHOD_OF_LEVEL.find(([lowest]) => level >= lowest)?.[1] ?? 'info';
        console[method](line.trimEnd());
      },
    },
  }),
);
