# Recruiter: the API and the built PWA in one Node 24 process. Build: docker build -t recruiter .
# compose.yaml runs it with PostgreSQL and S3-compatible storage; docs/operating.md has the details.
# scripts/check-dockerfile.mjs (npm run check:docker) lints this file and runs its build and start steps
# without Docker, so keep RUN, COPY, ENV and CMD plain.

# Build stage: every dependency (vite, paraglide, tailwind), then `npm run build` -> dist/client, dist/server.
FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies (better-sqlite3, @node-rs/argon2 and pg install prebuilt binaries
# for glibc), the built app and the launchers of its commands (npm run backup, restore, create-admin).
# Without sources, those launchers run dist/ as it is and never try to build.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY scripts/built-server.mjs scripts/build-stamp.mjs scripts/start.mjs scripts/create-admin.mjs scripts/backup.mjs scripts/restore.mjs scripts/healthcheck.mjs ./scripts/
# The data volume belongs to the unprivileged user the server runs as (the image's "node", uid 1000);
# the server keeps it 0700 (src/server/private-paths.ts).
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready, not just alive: migrations ran and the database answers (GET /api/ready).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# node itself, not npm: it is PID 1 and gets the SIGTERM of `docker stop`, which drains the requests in flight.
CMD ["node", "dist/server/index.js"]
