# The site in a container: docs/deploy.md ('A container'). Build with the public origin, which prerendered pages carry:
#   podman build --build-arg SITE_URL=https://book.example.com -t salon-site .
# Runs server.mjs (`npm start`): the client's address, bad addresses, slow clients and the mail worker as on a server.

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG SITE_URL
RUN test -n "$SITE_URL" || { echo 'Build with --build-arg SITE_URL=https://your.domain (the pages carry it).' >&2; exit 1; }
RUN SITE_URL="$SITE_URL" npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 DATA_DIR=/data
# The embedded database (without DATABASE_URL), the demo shop's carts and the mail files without SMTP_URL live here.
RUN mkdir -p /data && chown node:node /data
COPY --from=build --chown=node:node /app /app
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm, is the container's first process: SIGTERM from `podman stop` reaches server.mjs.
CMD ["node", "server.mjs"]
